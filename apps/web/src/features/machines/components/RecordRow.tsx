import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { InactiveIcon } from './InactiveIcon.tsx';

/** Column template of a list: the name wider than the other cells. */
const recordColumns = (cells: number) => ({
  xs: 'minmax(0, 1fr)',
  md: `minmax(0,2fr)${' minmax(0,1fr)'.repeat(cells)}`,
});

/** Column headings of a record list (tablet and desktop). */
export function RecordRowsHeader({
  titles,
  columns = recordColumns(titles.length - 1),
}: {
  titles: string[];
  /** The grid's column template, when not the name wider than the others. */
  columns?: { xs: string; md: string };
}) {
  return (
    <Box
      aria-hidden
      sx={{
        display: { xs: 'none', md: 'grid' },
        gridTemplateColumns: columns,
        gap: 2,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'caption',
        fontWeight: 600,
      }}
    >
      {titles.map((title) => (
        <span key={title}>{title}</span>
      ))}
    </Box>
  );
}

/** A row of a record list: the name (greyed with the off icon when inactive) and labelled cells. */
export function RecordRow(props: {
  to: string;
  testId: string;
  name: string;
  inactive?: boolean;
  cells: { label: string; value: string | number | null | undefined }[];
}) {
  return (
    <ListItemButton
      component={Link}
      to={props.to}
      data-testid={props.testId}
      data-inactive={props.inactive ? 'true' : undefined}
      divider
      sx={{
        display: 'grid',
        gridTemplateColumns: recordColumns(props.cells.length),
        gap: { xs: 0.25, md: 2 },
        alignItems: 'center',
        color: props.inactive ? 'text.secondary' : 'text.primary',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        {props.inactive ? <InactiveIcon /> : null}
        <Typography noWrap sx={{ fontWeight: 500, color: 'inherit' }} title={props.name}>
          {props.name}
        </Typography>
      </Box>
      {props.cells.map((cell) => (
        <Typography key={cell.label} variant="body2" noWrap sx={{ color: 'inherit' }}>
          <Box component="span" sx={{ display: { md: 'none' }, color: 'text.secondary', mr: 0.5 }}>
            {cell.label}:
          </Box>
          {cell.value === null || cell.value === undefined || cell.value === '' ? '–' : cell.value}
        </Typography>
      ))}
    </ListItemButton>
  );
}
