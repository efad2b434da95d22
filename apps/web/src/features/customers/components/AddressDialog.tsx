import { type Address, AddressSaveInput, type Customer } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreatedNotice } from '../../../components/feedback/index.ts';
import { FormDialog } from '../../../components/form-dialog/index.ts';
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
    <FormDialog
      title={address ? (locked ? t('view_address_title') : t('edit_address')) : t('add_address')}
      submitLabel={t('common:save')}
      cancelLabel={locked ? t('common:close') : t('common:cancel')}
      viewOnly={locked}
      fullScreenOnPhone
      dividers
      pending={busy}
      lockWhilePending
      onSubmit={submit}
      onClose={props.onClose}
    >
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
    </FormDialog>
  );
}
