import type { Customer } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { useUnshownFailure } from '../../../components/feedback/index.ts';
import { CustomerDropdown } from '../../../components/search-dropdown/index.ts';
import type { CallInput } from '../../../lib/api/client.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useSession } from '../../../lib/session.tsx';
import { addressesQuery, contactsQuery } from '../api/customers.ts';
import { useChangeCustomer } from '../api/mutations.ts';
import { useLockReason } from '../hooks/use-customer-rights.ts';
import { AddressesSection } from './AddressesSection.tsx';
import { ContactsSection } from './ContactsSection.tsx';
import { CustomerFrame } from './CustomerFrame.tsx';
import { CustomerGroupDropdown } from './CustomerGroupDropdown.tsx';
import { CustomerStateToggles } from './CustomerStateToggles.tsx';
import { MergeOffer } from './MergeOffer.tsx';
import { mergeCandidateOf } from './merge-candidate.ts';
import { PartnerCompanyDropdown } from './PartnerCompanyDropdown.tsx';

type ChangeBody = NonNullable<CallInput<'customerChange'>['body']>;

/** ViewCustomerDetails: the customer's fields, its addresses and its contacts. */
export default function CustomerDetailsPage() {
  return (
    <CustomerFrame headerExtra={(c) => <CustomerStateToggles customer={c} />}>
      {(customer) => (
        <Box
          sx={{
            p: { xs: 1, sm: 2 },
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <CustomerFields customer={customer} />
          <Box sx={{ display: 'grid', gap: 2 }}>
            <AddressesSection customer={customer} />
            <ContactsSection customer={customer} />
          </Box>
        </Box>
      )}
    </CustomerFrame>
  );
}

/** The edit form of 001 §5: every input commits on blur when changed and valid. */
function CustomerFields({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const rules = useFieldRules();
  const lockReason = useLockReason('customer')();
  const locked = !!lockReason;
  // Partner companies exist only with the partner portal licence.
  const partnerPortal = useSession().info?.Licences.PartnerPortal === true;
  const [merge, setMerge] = useState<{ holderId: number; number: string } | null>(null);
  const addresses = useQuery(addressesQuery(customer.Id));
  const contacts = useQuery(contactsQuery(customer.Id));

  const unshown = useUnshownFailure();
  const changeCustomer = useChangeCustomer(customer.Id);
  const save = (body: ChangeBody, fromField: boolean) =>
    changeCustomer.mutateAsync({ body, silent: fromField });
  /** A text input's change: a refusal shows under the field (other failures in a snackbar). */
  const change = (body: ChangeBody) =>
    save({ ...body, RowVersion: customer.RowVersion }, true).catch((err: unknown) => {
      unshown(err);
      throw err;
    });
  /** A change from a switch or list: failures are shown by the client's snackbar. */
  const changeQuietly = (body: ChangeBody) => save(body, false).catch(() => undefined);

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      component="section"
      aria-labelledby="customer-fields"
    >
      <Typography variant="subtitle1" component="h3" id="customer-fields" sx={{ mb: 2 }}>
        {t('customer_section')}
      </Typography>
      {lockReason ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="customer-lock">
          {lockReason}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CommitField
          version={customer.RowVersion}
          label={t('field.Name')}
          name="Name"
          value={customer.Name}
          required
          validate={rules.text(200, { required: true })}
          lockReason={lockReason}
          onCommit={(Name) => change({ Name })}
        />
        <CommitField
          version={customer.RowVersion}
          label={t('field.CustomerNumber')}
          name="CustomerNumber"
          value={customer.CustomerNumber}
          required
          validate={rules.text(30, { required: true })}
          lockReason={lockReason}
          onCommit={async (CustomerNumber) => {
            setMerge(null);
            try {
              await change({ CustomerNumber });
            } catch (err) {
              const holderId = mergeCandidateOf(err);
              if (holderId) setMerge({ holderId, number: CustomerNumber });
              throw err;
            }
          }}
        />
        {merge ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <MergeOffer
              customer={customer}
              holderId={merge.holderId}
              number={merge.number}
              onDone={() => setMerge(null)}
            />
          </Box>
        ) : null}
        <CommitField
          version={customer.RowVersion}
          label={t('field.OrganisationNumber')}
          name="OrganisationNumber"
          value={customer.OrganisationNumber}
          validate={rules.text(40)}
          lockReason={lockReason}
          onCommit={(OrganisationNumber) => change({ OrganisationNumber })}
        />
        <CommitField
          version={customer.RowVersion}
          label={t('field.CreditLimit')}
          name="CreditLimit"
          value={customer.CreditLimit === null ? '' : String(customer.CreditLimit)}
          validate={rules.decimal()}
          inputMode="decimal"
          lockReason={lockReason}
          onCommit={(v) => change({ CreditLimit: v === '' ? null : v })}
        />
        <FormControlLabel
          control={
            <Switch
              checked={customer.FreeFromVat}
              disabled={locked}
              onChange={(e) => void changeQuietly({ FreeFromVat: e.target.checked })}
            />
          }
          label={t('field.FreeFromVat')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={customer.CreditLimitExceeded}
              disabled={locked}
              onChange={(e) => void changeQuietly({ CreditLimitExceeded: e.target.checked })}
            />
          }
          label={t('field.CreditLimitExceeded')}
        />
        <CustomerGroupDropdown
          value={customer.CustomerGroup}
          onChange={(g) => void changeQuietly({ CustomerGroupId: g?.Id ?? null })}
          readOnly={locked}
        />
        {partnerPortal ? (
          <PartnerCompanyDropdown
            value={customer.PartnerCompany}
            onChange={(p) => void changeQuietly({ PartnerCompanyId: p?.Id ?? null })}
            readOnly={locked}
          />
        ) : null}
        <CustomerDropdown
          label={t('field.ParentCustomerId')}
          value={customer.ParentCustomerId}
          onChange={(id) => void changeQuietly({ ParentCustomerId: id })}
          excludeId={customer.Id}
          clearable
          required={false}
          size="small"
          readOnly={locked}
        />
        <TextField
          select
          size="small"
          label={t('field.DefaultDeliveryAddressId')}
          value={
            addresses.data?.some((a) => a.Id === customer.DefaultDeliveryAddressId)
              ? customer.DefaultDeliveryAddressId
              : ''
          }
          disabled={locked || !addresses.data}
          onChange={(e) =>
            void changeQuietly({
              DefaultDeliveryAddressId: e.target.value === '' ? null : Number(e.target.value),
            })
          }
        >
          <MenuItem value="">
            <em>{t('none')}</em>
          </MenuItem>
          {(addresses.data ?? []).map((a) => (
            <MenuItem key={a.Id} value={a.Id}>
              {a.DisplayName || t('common:unnamedAddress')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('field.DefaultCustomerPersonId')}
          value={
            contacts.data?.some((c) => c.Id === customer.DefaultCustomerPersonId)
              ? customer.DefaultCustomerPersonId
              : ''
          }
          disabled={locked || !contacts.data}
          onChange={(e) =>
            void changeQuietly({
              DefaultCustomerPersonId: e.target.value === '' ? null : Number(e.target.value),
            })
          }
        >
          <MenuItem value="">
            <em>{t('none')}</em>
          </MenuItem>
          {(contacts.data ?? []).map((c) => (
            <MenuItem key={c.Id} value={c.Id}>
              {c.Name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Paper>
  );
}
