import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerAddresses } from '../api/machines.ts';

/**
 * The delivery address of a machine: one of its customer's delivery addresses. When no address is chosen
 * yet and `pickDefault` is set, the customer's default delivery address is taken.
 */
export function AddressSelect(props: {
  customerId: number | null;
  value: number | null;
  onChange(id: number | null): void;
  label?: string;
  pickDefault?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
}) {
  const { t } = useTranslation(['machines', 'common']);
  const { customerId, value, onChange, pickDefault = false } = props;
  const addresses = useCustomerAddresses(customerId);
  const all = addresses.data ?? [];
  const delivery = all.filter((a) => a.IsDelivery || a.Id === value);
  const options = delivery.length > 0 ? delivery : all;

  useEffect(() => {
    if (!pickDefault || value !== null || !addresses.data) return;
    const preferred = addresses.data.find((a) => a.IsDefault) ?? addresses.data.find((a) => a.IsDelivery);
    if (preferred) onChange(preferred.Id);
  }, [pickDefault, value, addresses.data, onChange]);

  const known = value === null || options.some((a) => a.Id === value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      name={props.name}
      label={props.label ?? t('machines:fields.deliveryAddress')}
      value={known && value !== null ? String(value) : ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      disabled={props.disabled || customerId === null || addresses.isPending}
      helperText={
        customerId === null
          ? t('machines:create.chooseCustomerFirst')
          : addresses.isError
            ? t('common:failedToGet')
            : addresses.data && options.length === 0
              ? t('machines:fields.noCustomerAddress')
              : undefined
      }
      error={addresses.isError}
      slotProps={{ input: { readOnly: props.readOnly ?? false } }}
    >
      <MenuItem value="">
        <em>{t('machines:fields.noAddress')}</em>
      </MenuItem>
      {options.map((a) => (
        <MenuItem key={a.Id} value={String(a.Id)}>
          {a.DisplayName || t('common:unnamedAddress')}
          {a.IsDefault ? ` (${t('machines:fields.default')})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
