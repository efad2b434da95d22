import type { OrderLine } from '@fieldport/contract';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
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
}: Omit<LinesProps, 'lines' | 'label'> & { line: OrderLine }) {
  const { t } = useTranslation('orders');
  if (!editPath && !onDelete) return null;
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
    </TableCell>
  );
}

/**
 * A machine job's part lines (001 §2.8): article number, description, quantity, unit, store, unit
 * price, discount and the amount the server computed; on a phone the table scrolls sideways.
 */
export function PartLinesTable(props: LinesProps) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const actions = !!(props.editPath || props.onDelete);
  if (props.lines.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('parts.none')}
      </Typography>
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
              <TableCell>{line.Unit}</TableCell>
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

/** A machine job's time lines: technician, date, hours and the time article. */
export function TimeLinesTable(props: LinesProps) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const actions = !!(props.editPath || props.onDelete);
  if (props.lines.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('parts.noTime')}
      </Typography>
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
