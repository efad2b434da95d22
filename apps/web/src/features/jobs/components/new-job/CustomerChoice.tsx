import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CustomerDropdown } from '../../../../components/search-dropdown/index.ts';
import { useCustomerAddresses, useCustomerContacts } from '../../api/new-job.ts';

export interface CustomerChoiceValue {
  customerId: number | null;
  addressId: number | null;
  contactId: number | null;
}

/**
 * The customer of a new job through the customer search dropdown (pages of 40), and its delivery
 * address and contact: the customer's defaults are chosen for it, and either can be changed.
 */
export function CustomerChoice(props: {
  value: CustomerChoiceValue;
  onCustomer(id: number | null): void;
  onAddress(id: number): void;
  onContact(id: number): void;
  errors: { customer?: string | undefined; address?: string | undefined; contact?: string | undefined };
}) {
  const { t } = useTranslation('jobs');
  const { customerId, addressId, contactId } = props.value;
  const addresses = useCustomerAddresses(customerId);
  const contacts = useCustomerContacts(customerId);
  const addressOptions = (addresses.data ?? []).filter((a) => a.IsDelivery || a.Id === addressId);
  const contactOptions = (contacts.data ?? []).filter((c) => c.IsActive || c.Id === contactId);
  const noCustomer = customerId === null;

  return (
    <Stack spacing={2}>
      <CustomerDropdown
        value={customerId}
        onChange={(id) => props.onCustomer(id)}
        label={t('newJob.customer')}
        testId="new-job-customer"
        {...(props.errors.customer ? { error: props.errors.customer } : {})}
      />
      <TextField
        select
        required
        id="new-job-address"
        label={t('newJob.deliveryAddress')}
        value={addressOptions.some((a) => a.Id === addressId) ? String(addressId) : ''}
        onChange={(e) => props.onAddress(Number(e.target.value))}
        disabled={noCustomer}
        error={!!props.errors.address}
        helperText={
          props.errors.address ??
          (!noCustomer && addresses.data && addressOptions.length === 0 ? t('newJob.noAddresses') : undefined)
        }
      >
        {addressOptions.map((a) => (
          <MenuItem key={a.Id} value={String(a.Id)}>
            {a.DisplayName ||
              [a.Street, a.Zip, a.City].filter(Boolean).join(', ') ||
              t('newJob.unnamedAddress')}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        id="new-job-contact"
        label={t('newJob.contact')}
        value={contactOptions.some((c) => c.Id === contactId) ? String(contactId) : ''}
        onChange={(e) => props.onContact(Number(e.target.value))}
        disabled={noCustomer}
        error={!!props.errors.contact}
        helperText={
          props.errors.contact ??
          (!noCustomer && contacts.data && contactOptions.length === 0 ? t('newJob.noContacts') : undefined)
        }
      >
        {contactOptions.map((c) => (
          <MenuItem key={c.Id} value={String(c.Id)}>
            {[c.Name, c.Mobile || c.Email].filter(Boolean).join(' · ')}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
