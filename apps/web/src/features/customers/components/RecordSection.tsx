import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A section of the customer's page listing its records (addresses, contacts): the heading with its Add
 * button (when `onAdd` is given), then loading, failed, empty or the rows, then `children` (its dialogs).
 */
export function RecordSection<T extends { Id: number }>(props: {
  id: string;
  title: string;
  addLabel: string;
  onAdd?: (() => void) | null;
  query: UseQueryResult<T[]>;
  emptyText: string;
  renderRow(item: T): ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { query } = props;
  const headingId = `${props.id}-heading`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" id={headingId} sx={{ flex: 1 }}>
          {props.title}
        </Typography>
        {props.onAdd ? (
          <Button size="small" startIcon={<Add />} onClick={props.onAdd}>
            {props.addLabel}
          </Button>
        ) : null}
      </Box>
      {query.isPending ? (
        <Typography color="text.secondary">{t('loading')}</Typography>
      ) : query.isError ? (
        <Typography color="error">{t('failedToGet')}</Typography>
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary">{props.emptyText}</Typography>
      ) : (
        <List dense disablePadding aria-label={props.title}>
          {query.data.map((item) => (
            <li key={item.Id}>{props.renderRow(item)}</li>
          ))}
        </List>
      )}
      {props.children}
    </Paper>
  );
}
