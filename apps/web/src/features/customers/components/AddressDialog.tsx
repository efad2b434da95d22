import { type Address, AddressSaveInput, type Customer } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreatedNotice } from '../../../components/feedback/index.ts';
import { showServerErrors, useFieldProblem, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useSaveAddress } from '../api/mutations.ts';
import { useLockReason } from '../hooks/use-customer-rights.ts';
import { CountryField } from './CountryField.tsx';

type Key = 'Name' | 'Street' | 'Zip' | 'City' | 'County' | 'Country';
const KEYS: Key[] = ['Name', 'Street', 'Zip', 'City', 'County', 'Country'];

/**
 * Add or change an address (POST customer/{id}/address). An address must not be empty (001 §5);
 * ERP addresses (ids below 0) and an ERP that owns addresses make it read-only with the refusal text.
 */
export function AddressDialog(props: { customer: Customer; address: Address | null; onClose(): void }) {
  const { customer, address } = props;
  const { t } = useTranslation(['customers', 'common', 'validation']);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lockReason = useLockReason('address')({
    erpOwned: !!address && (address.Id < 0 || address.IsReadOnly),
  });
  const locked = !!lockReason;
  const form = useZodForm(AddressSaveInput, {
    ...(address ? { Id: address.Id } : {}),
    Name: address?.Name ?? '',
    Street: address?.Street ?? '',
    Zip: address?.Zip ?? '',
    City: address?.City ?? '',
    County: address?.County ?? '',
    Country: address?.Country ?? '',
    IsDelivery: address?.IsDelivery ?? true,
    IsInvoice: address?.IsInvoice ?? false,
    SetAsDefault: address
      ? address.Id === customer.DefaultDeliveryAddressId
      : !customer.DefaultDeliveryAddressId,
  });
  const textField = useTextField(form);
  const problem = useFieldProblem(form);
  const createdNotice = useCreatedNotice();
  const saveAddress = useSaveAddress(customer.Id);
  const busy = saveAddress.isPending;

  const submit = form.handleSubmit(async (body) => {
    if (locked) return;
    try {
      await saveAddress.mutateAsync(body);
      if (!address) createdNotice();
      props.onClose();
    } catch (err) {
      showServerErrors(form, err, (f) => (KEYS.includes(f as Key) ? (f as Key) : null));
    }
  });

  const check = (name: 'IsDelivery' | 'IsInvoice' | 'SetAsDefault') => (
    <FormControlLabel
      control={
        <Controller
          name={name}
          control={form.control}
          render={({ field }) => (
            <Checkbox
              checked={field.value ?? false}
              disabled={locked}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          )}
        />
      }
      label={t(`address.${name}`)}
    />
  );

  const field = (key: Key, extra: Record<string, unknown> = {}) => (
    <TextField
      {...textField(key)}
      label={t(`address.${key}`)}
      size="small"
      fullWidth
      autoComplete="off"
      slotProps={{ input: { readOnly: locked } }}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} fullScreen={phone} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {address ? (locked ? t('view_address_title') : t('edit_address')) : t('add_address')}
        </DialogTitle>
        <DialogContent dividers>
          {lockReason ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="address-lock">
              {lockReason}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field('Name', { autoFocus: !locked })}
            {field('Street')}
            {field('Zip')}
            {field('City')}
            {field('County')}
            <Controller
              name="Country"
              control={form.control}
              render={({ field: f }) => (
                <CountryField
                  label={t('address.Country')}
                  value={f.value ?? ''}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  error={!!problem('Country')}
                  helperText={problem('Country')}
                  readOnly={locked}
                />
              )}
            />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {check('IsDelivery')}
            {check('IsInvoice')}
            {check('SetAsDefault')}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy}>
            {locked ? t('common:close') : t('common:cancel')}
          </Button>
          {locked ? null : (
            <Button type="submit" variant="contained" loading={busy}>
              {t('common:save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
