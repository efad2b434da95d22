import type { Customer } from '@fieldport/contract';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api/client.ts';
import { customerKeys, invalidateCustomers, publicStateQuery } from '../api/customers.ts';
import { useCustomerRights } from '../hooks/useCustomerRights.ts';

/**
 * The active and public toggles (000 §4): each reads the state, then flips it. The public toggle
 * exists only when the public portal feature is on.
 */
export function CustomerStateToggles({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const rights = useCustomerRights();
  const client = useQueryClient();
  const [busy, setBusy] = useState<'active' | 'public' | null>(null);
  const publicState = useQuery({ ...publicStateQuery(customer.Id), enabled: rights.publicPortal });
  const isPublic = publicState.data?.IsPublic ?? customer.IsPublic;

  const setActive = async (wanted: boolean) => {
    setBusy('active');
    try {
      const now = await callApi('customerGetActiveState', { params: { id: customer.Id } });
      if (now.IsActive !== wanted)
        await callApi('customerToggleActiveState', { params: { id: customer.Id } }, { notify: true });
      await invalidateCustomers(client);
    } catch {
      // The client has shown why.
    } finally {
      setBusy(null);
    }
  };

  const setPublic = async (wanted: boolean) => {
    setBusy('public');
    try {
      const now = await callApi('customerGetPublicState', { params: { id: customer.Id } });
      if (now.IsPublic !== wanted) {
        const next = await callApi(
          'customerTogglePublicState',
          { params: { id: customer.Id } },
          { notify: true },
        );
        client.setQueryData(customerKeys.publicState(customer.Id), next);
      }
      await invalidateCustomers(client);
    } catch {
      // The client has shown why.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <FormControlLabel
        control={
          <Switch
            checked={customer.IsActive}
            disabled={!rights.canEditCustomer || busy !== null}
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
              disabled={!rights.canEditCustomer || busy !== null}
              onChange={(e) => void setPublic(e.target.checked)}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
          label={t('field.IsPublic')}
        />
      ) : null}
    </Stack>
  );
}
