import type { Address, Customer } from '@fieldport/contract';
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
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatedNotice } from '../../../components/feedback/index.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useFieldRules } from '../../../lib/forms/use-field-rules.ts';
import { useSimpleForm } from '../../../lib/forms/use-simple-form.ts';
import { useSaveAddress } from '../api/mutations.ts';
import { useLockReason } from '../hooks/useCustomerRights.ts';

type Key = 'Name' | 'Street' | 'Zip' | 'City' | 'County' | 'Country';
const KEYS: Key[] = ['Name', 'Street', 'Zip', 'City', 'County', 'Country'];

/**
 * Add or change an address (POST customer/{id}/address). An address must not be empty (001 §5);
 * ERP addresses (ids below 0) and an ERP that owns addresses make it read-only with the refusal text.
 */
export function AddressDialog(props: { customer: Customer; address: Address | null; onClose(): void }) {
  const { customer, address } = props;
  const { t } = useTranslation(['customers', 'common', 'validation']);
  const rules = useFieldRules();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const lockReason = useLockReason('address')({
    erpOwned: !!address && (address.Id < 0 || address.IsReadOnly),
  });
  const locked = !!lockReason;
  const ruleSet = useMemo(
    () => ({
      Name: rules.text(100),
      Street: rules.text(200),
      Zip: rules.text(20),
      City: rules.text(100),
      County: rules.text(100),
      Country: rules.text(100),
    }),
    [rules],
  );
  const form = useSimpleForm<Key>(
    {
      Name: address?.Name ?? '',
      Street: address?.Street ?? '',
      Zip: address?.Zip ?? '',
      City: address?.City ?? '',
      County: address?.County ?? '',
      Country: address?.Country ?? '',
    },
    ruleSet,
  );
  const [isDelivery, setIsDelivery] = useState(address?.IsDelivery ?? true);
  const [isInvoice, setIsInvoice] = useState(address?.IsInvoice ?? false);
  const [setAsDefault, setSetAsDefault] = useState(
    address ? address.Id === customer.DefaultDeliveryAddressId : !customer.DefaultDeliveryAddressId,
  );
  const createdNotice = useCreatedNotice();
  const saveAddress = useSaveAddress(customer.Id);
  const busy = saveAddress.isPending;
  const [emptyError, setEmptyError] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (locked) return;
    const ok = form.check();
    const v = form.values;
    const empty = [v.Name, v.Street, v.Zip, v.City].every((x) => x.trim() === '');
    setEmptyError(empty);
    if (!ok || empty) return;
    try {
      await saveAddress.mutateAsync({
        ...(address ? { Id: address.Id } : {}),
        Name: v.Name.trim(),
        Street: v.Street.trim(),
        Zip: v.Zip.trim(),
        City: v.City.trim(),
        County: v.County.trim(),
        Country: v.Country.trim(),
        IsDelivery: isDelivery,
        IsInvoice: isInvoice,
        SetAsDefault: setAsDefault,
      });
      if (!address) createdNotice();
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError)
        for (const fe of err.body?.Errors ?? [])
          if (KEYS.includes(fe.Field as Key)) form.setServerError(fe.Field as Key, fe.Message);
    }
  };

  const field = (key: Key, extra: Record<string, unknown> = {}) => {
    const bound = form.bind(key);
    const streetEmpty = key === 'Street' && emptyError;
    return (
      <TextField
        {...bound}
        error={bound.error || streetEmpty}
        helperText={bound.helperText ?? (streetEmpty ? t('validation:required_field') : undefined)}
        label={t(`address.${key}`)}
        size="small"
        fullWidth
        autoComplete="off"
        slotProps={{ input: { readOnly: locked } }}
        {...extra}
      />
    );
  };

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
            {field('Country')}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={isDelivery}
                  disabled={locked}
                  onChange={(e) => setIsDelivery(e.target.checked)}
                />
              }
              label={t('address.IsDelivery')}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={isInvoice}
                  disabled={locked}
                  onChange={(e) => setIsInvoice(e.target.checked)}
                />
              }
              label={t('address.IsInvoice')}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={setAsDefault}
                  disabled={locked}
                  onChange={(e) => setSetAsDefault(e.target.checked)}
                />
              }
              label={t('address.SetAsDefault')}
            />
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
