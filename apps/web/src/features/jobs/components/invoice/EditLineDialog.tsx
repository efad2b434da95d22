import {
  hasAtMostDecimals,
  lineAmounts,
  MoneyInput,
  type OrderLine,
  PercentInput,
  QuantityInput,
  requiredLine,
} from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useTextField, useZodForm } from '../../../../lib/forms/zod-form.ts';
import { decimalOf, useOrderFormat } from '../parts/format.ts';

const lineForm = z.object({
  Description: requiredLine(300),
  Quantity: QuantityInput,
  UnitPrice: MoneyInput,
  DiscountPercent: PercentInput,
  NoInvoice: z.boolean(),
});
export type LineChange = z.output<typeof lineForm>;

/** The amount a line would get, for the live preview only (the saved amount is the server's). */
export function previewAmount(
  v: { Quantity: string; UnitPrice: string; DiscountPercent: string },
  vat: number,
) {
  const q = decimalOf(v.Quantity);
  const p = decimalOf(v.UnitPrice);
  const d = decimalOf(v.DiscountPercent || '0');
  if (![q, p, d].every((x) => x !== '' && hasAtMostDecimals(x, 3))) return null;
  return lineAmounts({ quantity: q, unitPrice: p, discountPercent: d, vatPercent: String(vat) })
    .amountExclVat;
}

/**
 * Changing a line of the pre-invoice (invoice/update): description, quantity, unit price and discount,
 * quantity and prices typed with a comma or a dot; the amount previewed as typed.
 */
export function EditLineDialog(props: {
  line: OrderLine;
  busy: boolean;
  /** The server's refusal of the last save, shown in the dialog. */
  problem: string | null;
  onClose(): void;
  onSave(change: LineChange): void;
}) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const titleId = useId();
  const form = useZodForm(lineForm, {
    Description: props.line.Description,
    Quantity: String(props.line.Quantity),
    UnitPrice: String(props.line.UnitPrice),
    DiscountPercent: String(props.line.DiscountPercent),
    NoInvoice: props.line.NoInvoice,
  });
  const field = useTextField(form);
  const values = form.watch();
  const amount = previewAmount(
    {
      Quantity: String(values.Quantity),
      UnitPrice: String(values.UnitPrice),
      DiscountPercent: String(values.DiscountPercent),
    },
    props.line.VatPercent,
  );
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={form.handleSubmit(props.onSave)} noValidate>
        <DialogTitle id={titleId}>{t('invoice.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('partForm.description')} required {...field('Description')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('partForm.quantity')}
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...field('Quantity')}
              />
              <TextField
                label={t('partForm.unitPrice')}
                required
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...field('UnitPrice')}
              />
              <TextField
                label={t('partForm.discount')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...field('DiscountPercent')}
              />
            </Stack>
            {amount !== null && (
              <Typography color="text.secondary" aria-live="polite">
                {t('partForm.amountPreview', { amount: f.money(amount) })}
              </Typography>
            )}
            <FormControlLabel
              control={
                <Checkbox checked={!!values.NoInvoice} onChange={(_, on) => form.setValue('NoInvoice', on)} />
              }
              label={t('invoice.lineNoInvoice')}
            />
            {props.problem && (
              <Alert severity="warning" role="alert">
                {props.problem}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={props.busy} data-testid="invoice-line-save">
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
