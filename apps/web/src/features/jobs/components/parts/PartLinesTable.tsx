import type { OrderLine } from '@fieldport/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useUnitText } from '../../../../components/units/use-unit-text.ts';
import { formatDate } from '../../../../i18n/dates.ts';
import { useOrderFormat } from './format.ts';

interface LinesProps {
  lines: OrderLine[];
  /** The table's name for assistive technology (the machine job's). */
  label: string;
  /** The edit address of a line; none when the user may not change lines. */
  editPath?(line: OrderLine): string;
  onDelete?(line: OrderLine): void;
}

function LineActions({
  line,
  editPath,
  onDelete,
  stacked,
}: Omit<LinesProps, 'lines' | 'label'> & { line: OrderLine; stacked?: boolean }) {
  const { t } = useTranslation('orders');
  if (!editPath && !onDelete) return null;
  const buttons = (
    <>
      {editPath && (
        <IconButton
          component={RouterLink}
          to={editPath(line)}
          size="small"
          aria-label={`${t('edit')}: ${line.Description}`}
          data-testid={`line-edit-${line.Id}`}
        >
          <Edit fontSize="small" />
        </IconButton>
      )}
      {onDelete && (
        <IconButton
          size="small"
          onClick={() => onDelete(line)}
          aria-label={`${t('delete')}: ${line.Description}`}
          data-testid={`line-delete-${line.Id}`}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      )}
    </>
  );
  return stacked ? (
    <Box sx={{ whiteSpace: 'nowrap', alignSelf: 'flex-start' }}>{buttons}</Box>
  ) : (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {buttons}
    </TableCell>
  );
}

/** Whether the lines show as stacked cards: on a phone, where a table of eight columns does not fit. */
const useStacked = () => useMediaQuery(useTheme().breakpoints.down('sm'));

/**
 * Lines as stacked cards (a phone): each line's title, then its values as label and value, then its
 * edit and delete buttons; a list named as the table would be.
 */
function StackedLines(props: {
  label: string;
  rows: { id: number; testId: string; title: string; fields: [string, ReactNode][]; actions: ReactNode }[];
}) {
  return (
    <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {props.rows.map((row) => (
        <Box
          component="li"
          key={row.id}
          data-testid={row.testId}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 1 }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.title}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1,
                typography: 'body2',
              }}
            >
              {row.fields.map(([name, value]) => (
                <Box key={name} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {name}
                  </Box>
                  <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
          {row.actions}
        </Box>
      ))}
    </Box>
  );
}

/**
 * A machine job's part lines (001 §2.8): article number, description, quantity, unit, store, unit
 * price, discount and the amount the server computed; on a phone each line a card of its own.
 */
export function PartLinesTable(props: LinesProps) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const stacked = useStacked();
  const unitText = useUnitText();
  const actions = !!(props.editPath || props.onDelete);
  if (props.lines.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('parts.none')}
      </Typography>
    );
  if (stacked)
    return (
      <StackedLines
        label={props.label}
        rows={props.lines.map((line) => ({
          id: line.Id,
          testId: `part-line-${line.Id}`,
          title: `${line.ArticleNumber} ${line.Description}`.trim(),
          fields: [
            [t('col.quantity'), `${f.quantity(line.Quantity)} ${unitText(line.Unit)}`.trim()],
            [t('col.store'), line.StoreName ?? '–'],
            [t('col.unitPrice'), f.money(line.UnitPrice)],
            [t('col.discount'), f.percent(line.DiscountPercent)],
            [t('col.amount'), f.money(line.AmountExclVat)],
          ],
          actions: <LineActions line={line} editPath={props.editPath} onDelete={props.onDelete} stacked />,
        }))}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('col.articleNumber')}</TableCell>
            <TableCell>{t('col.description')}</TableCell>
            <TableCell align="right">{t('col.quantity')}</TableCell>
            <TableCell>{t('col.unit')}</TableCell>
            <TableCell>{t('col.store')}</TableCell>
            <TableCell align="right">{t('col.unitPrice')}</TableCell>
            <TableCell align="right">{t('col.discount')}</TableCell>
            <TableCell align="right">{t('col.amount')}</TableCell>
            {actions && <TableCell align="right">{t('actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.lines.map((line) => (
            <TableRow key={line.Id} data-testid={`part-line-${line.Id}`}>
              <TableCell>{line.ArticleNumber}</TableCell>
              <TableCell>{line.Description}</TableCell>
              <TableCell align="right">{f.quantity(line.Quantity)}</TableCell>
              <TableCell>{unitText(line.Unit)}</TableCell>
              <TableCell>{line.StoreName ?? '–'}</TableCell>
              <TableCell align="right">{f.money(line.UnitPrice)}</TableCell>
              <TableCell align="right">{f.percent(line.DiscountPercent)}</TableCell>
              <TableCell align="right">{f.money(line.AmountExclVat)}</TableCell>
              <LineActions line={line} editPath={props.editPath} onDelete={props.onDelete} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A machine job's time lines: technician, date, hours and the time article; on a phone, cards. */
export function TimeLinesTable(props: LinesProps) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const stacked = useStacked();
  const actions = !!(props.editPath || props.onDelete);
  if (props.lines.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('parts.noTime')}
      </Typography>
    );
  if (stacked)
    return (
      <StackedLines
        label={props.label}
        rows={props.lines.map((line) => ({
          id: line.Id,
          testId: `time-line-${line.Id}`,
          title: `${line.ArticleNumber} ${line.Description}`.trim(),
          fields: [
            [t('col.technician'), line.UserName ?? '–'],
            [t('col.date'), line.WorkDate ? formatDate(line.WorkDate) : '–'],
            [t('col.hours'), f.quantity(line.Quantity)],
            [t('col.amount'), f.money(line.AmountExclVat)],
          ],
          actions: <LineActions line={line} editPath={props.editPath} onDelete={props.onDelete} stacked />,
        }))}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('col.technician')}</TableCell>
            <TableCell>{t('col.date')}</TableCell>
            <TableCell align="right">{t('col.hours')}</TableCell>
            <TableCell>{t('col.timeArticle')}</TableCell>
            <TableCell align="right">{t('col.amount')}</TableCell>
            {actions && <TableCell align="right">{t('actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.lines.map((line) => (
            <TableRow key={line.Id} data-testid={`time-line-${line.Id}`}>
              <TableCell>{line.UserName ?? '–'}</TableCell>
              <TableCell>{line.WorkDate ? formatDate(line.WorkDate) : '–'}</TableCell>
              <TableCell align="right">{f.quantity(line.Quantity)}</TableCell>
              <TableCell>{`${line.ArticleNumber} ${line.Description}`.trim()}</TableCell>
              <TableCell align="right">{f.money(line.AmountExclVat)}</TableCell>
              <LineActions line={line} editPath={props.editPath} onDelete={props.onDelete} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
