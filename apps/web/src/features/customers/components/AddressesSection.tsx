import { type Address, type Customer, countryName } from '@fieldport/contract';
import Edit from '@mui/icons-material/Edit';
import LocationOn from '@mui/icons-material/LocationOn';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressesQuery } from '../api/customers.ts';
import { useCustomerRights, useLockReason } from '../hooks/use-customer-rights.ts';
import { AddressDialog } from './AddressDialog.tsx';
import { RecordSection } from './RecordSection.tsx';

/** The customer's addresses (001 §5): list, add, edit; ERP addresses (ids below 0) are read-only. */
export function AddressesSection({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation(['customers', 'common']);
  const rights = useCustomerRights();
  const lockReasonOf = useLockReason('address');
  const query = useQuery(addressesQuery(customer.Id));
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const canAdd = !rights.addressReadOnly && rights.canEditAddress;

  return (
    <RecordSection
      id="addresses"
      title={t('addresses')}
      addLabel={t('add_address')}
      onAdd={canAdd ? () => setEditing('new') : null}
      query={query}
      emptyText={t('no_customer_address')}
      renderRow={(a) => {
        const reason = lockReasonOf({ erpOwned: a.Id < 0 || a.IsReadOnly });
        return (
          <ListItem
            key={a.Id}
            component="div"
            divider
            data-testid={`address-row-${a.Id}`}
            secondaryAction={
              <Tooltip title={reason ?? t('edit_address')}>
                <IconButton
                  edge="end"
                  aria-label={
                    reason
                      ? t('view_address', { name: a.DisplayName })
                      : t('edit_address_named', { name: a.DisplayName })
                  }
                  onClick={() => setEditing(a)}
                >
                  {reason ? <Visibility fontSize="small" /> : <Edit fontSize="small" />}
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              {a.Id < 0 || a.IsReadOnly ? (
                <LockOutlined fontSize="small" titleAccess={t('erp_address')} />
              ) : (
                <LocationOn fontSize="small" aria-hidden />
              )}
            </ListItemIcon>
            <ListItemText
              primary={
                <Box
                  component="span"
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <span>{a.DisplayName || t('common:unnamedAddress')}</span>
                  {a.Id === customer.DefaultDeliveryAddressId ? (
                    <Chip size="small" label={t('default_delivery')} color="primary" variant="outlined" />
                  ) : null}
                  {a.IsInvoice ? (
                    <Chip size="small" label={t('address.IsInvoice')} variant="outlined" />
                  ) : null}
                </Box>
              }
              secondary={
                [a.County, countryName(a.Country, i18n.language)].filter(Boolean).join(', ') || undefined
              }
            />
          </ListItem>
        );
      }}
    >
      {editing ? (
        <AddressDialog
          customer={customer}
          address={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </RecordSection>
  );
}
