import type { OrderLine } from '@fieldport/contract';
import MoreVert from '@mui/icons-material/MoreVert';
import SubdirectoryArrowRight from '@mui/icons-material/SubdirectoryArrowRight';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitText } from '../../../../components/units/use-unit-text.ts';
import { useOrderFormat } from '../parts/format.ts';

/** What can be done with a line of the pre-invoice. */
export type LineAction = 'edit' | 'move' | 'link' | 'unlink' | 'delete';

function LineMenu({
  line,
  onAction,
}: {
  line: OrderLine;
  onAction(action: LineAction, line: OrderLine): void;
}) {
  const { t } = useTranslation('orders');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: LineAction) => {
    setAnchor(null);
    onAction(action, line);
  };
  const menuId = `invoice-line-menu-${line.Id}`;
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('lineActions', { description: line.Description })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`invoice-line-menu-${line.Id}`}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('edit')}>{t('edit')}</MenuItem>
        <MenuItem onClick={() => pick('move')} data-testid="invoice-line-move">
          {t('invoice.move')}
        </MenuItem>
        {line.LinkedToLineId === null ? (
          <MenuItem onClick={() => pick('link')}>{t('invoice.link')}</MenuItem>
        ) : (
          <MenuItem onClick={() => pick('unlink')}>{t('invoice.unlink')}</MenuItem>
        )}
        <MenuItem onClick={() => pick('delete')}>{t('delete')}</MenuItem>
      </Menu>
    </>
  );
}

/**
 * The lines of one machine job on the pre-invoice, with the server's amounts and VAT; a line linked
 * under another shows under it, indented. `onAction` is absent for those who may only read.
 */
export function InvoiceLinesTable(props: {
  lines: OrderLine[];
  label: string;
  /** Every line of the order, to name the line one is linked under. */
  allLines: OrderLine[];
  onAction?(action: LineAction, line: OrderLine): void;
}) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const unitText = useUnitText();
  if (props.lines.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('invoice.noLines')}
      </Typography>
    );
  const byId = new Map(props.allLines.map((l) => [l.Id, l]));
  // Linked lines right after the line they hang under (when it is on the same machine job).
  const roots = props.lines.filter(
    (l) => l.LinkedToLineId === null || !props.lines.some((o) => o.Id === l.LinkedToLineId),
  );
  const ordered = roots.flatMap((r) => [r, ...props.lines.filter((l) => l.LinkedToLineId === r.Id)]);
  return (
    <TableContainer>
      <Table size="small" aria-label={props.label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('col.articleNumber')}</TableCell>
            <TableCell>{t('col.description')}</TableCell>
            <TableCell align="right">{t('col.quantity')}</TableCell>
            <TableCell align="right">{t('col.unitPrice')}</TableCell>
            <TableCell align="right">{t('col.discount')}</TableCell>
            <TableCell align="right">{t('col.vat')}</TableCell>
            <TableCell align="right">{t('col.amount')}</TableCell>
            {props.onAction && <TableCell align="right">{t('actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {ordered.map((line) => {
            const parent = line.LinkedToLineId === null ? undefined : byId.get(line.LinkedToLineId);
            return (
              <TableRow key={line.Id} data-testid={`invoice-line-${line.Id}`}>
                <TableCell sx={{ pl: parent ? 4 : undefined }}>
                  {parent && (
                    <SubdirectoryArrowRight
                      fontSize="inherit"
                      titleAccess={t('invoice.linkedUnder', { description: parent.Description })}
                      sx={{ mr: 0.5, verticalAlign: 'middle' }}
                    />
                  )}
                  {line.ArticleNumber}
                </TableCell>
                <TableCell>
                  {line.Description}
                  {line.NoInvoice && (
                    <Chip size="small" label={t('invoice.lineNoInvoice')} sx={{ ml: 1 }} variant="outlined" />
                  )}
                </TableCell>
                <TableCell align="right">
                  {`${f.quantity(line.Quantity)} ${unitText(line.Unit)}`.trim()}
                </TableCell>
                <TableCell align="right">{f.money(line.UnitPrice)}</TableCell>
                <TableCell align="right">{f.percent(line.DiscountPercent)}</TableCell>
                <TableCell align="right">{f.percent(line.VatPercent)} %</TableCell>
                <TableCell align="right">{f.money(line.AmountExclVat)}</TableCell>
                {props.onAction && (
                  <TableCell align="right">
                    <LineMenu line={line} onAction={props.onAction} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
