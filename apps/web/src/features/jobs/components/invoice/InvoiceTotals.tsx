import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Invoice, OrderTotal } from '../../api/invoice.ts';
import { useOrderFormat } from '../parts/format.ts';

/**
 * The order's totals as the server counts them (no sums on the client): discount and excl. VAT from
 * Order/GetTotal (the pre-invoice's until it is read), VAT and incl. VAT from the pre-invoice.
 */
export function InvoiceTotals({ invoice, total }: { invoice: Invoice; total: OrderTotal | undefined }) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const rows: [string, number, string][] = [
    [t('invoice.totalDiscount'), total?.TotalDiscount ?? invoice.TotalDiscount, 'total-discount'],
    [t('invoice.totalExclVat'), total?.TotalAmountExclVat ?? invoice.TotalAmountExclVat, 'total-excl-vat'],
    [t('invoice.totalVat'), invoice.TotalVat, 'total-vat'],
    [t('invoice.totalInclVat'), invoice.TotalAmountInclVat, 'total-incl-vat'],
  ];
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      aria-labelledby="invoice-totals-title"
    >
      <Typography variant="h6" component="h2" id="invoice-totals-title">
        {t('invoice.totals')}
      </Typography>
      <Table size="small" aria-labelledby="invoice-totals-title" sx={{ maxWidth: 480, ml: 'auto' }}>
        <TableBody>
          {rows.map(([label, value, id]) => (
            <TableRow key={id}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell
                align="right"
                data-testid={id}
                sx={{ fontWeight: id === 'total-incl-vat' ? 700 : undefined }}
              >
                {f.money(value)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
