import type { Customer } from '@fieldport/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { publicStateQuery } from '../api/customers.ts';
import { useChangeCustomer, useSetCustomerActive, useSetCustomerPublic } from '../api/mutations.ts';
import { useCustomerRights } from '../hooks/use-customer-rights.ts';

/**
 * The active and public toggles (000 §4): each reads the state, then flips it. The public toggle
 * exists only when the public portal feature is on; the label fault reports' switch (decision 085) only
 * for the Admin while the label feature is on.
 */
export function CustomerStateToggles({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const rights = useCustomerRights();
  const active = useSetCustomerActive(customer.Id);
  const publik = useSetCustomerPublic(customer.Id);
  const change = useChangeCustomer(customer.Id);
  const busy = active.isPending || publik.isPending || change.isPending;
  const publicState = useQuery({ ...publicStateQuery(customer.Id), enabled: rights.publicPortal });
  const isPublic = publicState.data?.IsPublic ?? customer.IsPublic;

  // The client has shown why a change failed.
  const setActive = (wanted: boolean) => active.mutateAsync(wanted).catch(() => undefined);
  const setPublic = (wanted: boolean) => publik.mutateAsync(wanted).catch(() => undefined);
  const setLabels = (wanted: boolean) =>
    change
      .mutateAsync({ body: { LabelReportsEnabled: wanted, RowVersion: customer.RowVersion } })
      .catch(() => undefined);

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <FormControlLabel
        control={
          <Switch
            checked={customer.IsActive}
            disabled={!rights.canEditCustomer || busy}
            onChange={(e) => void setActive(e.target.checked)}
            slotProps={{ input: { role: 'switch' } }}
          />
        }
        label={t('field.IsActive')}
      />
      {rights.publicPortal ? (
        <FormControlLabel
          control={
            <Switch
              checked={isPublic}
              disabled={!rights.canEditCustomer || busy}
              onChange={(e) => void setPublic(e.target.checked)}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
          label={t('field.IsPublic')}
        />
      ) : null}
      {rights.labelReports ? (
        <FormControlLabel
          control={
            <Switch
              checked={customer.LabelReportsEnabled}
              disabled={busy}
              onChange={(e) => void setLabels(e.target.checked)}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
          label={t('field.LabelReportsEnabled')}
        />
      ) : null}
    </Stack>
  );
}
