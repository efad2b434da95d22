import { type Contact, type Customer, isEmail, isPhone } from '@fieldport/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Star from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { useUnshownFailure } from '../../../components/feedback/index.ts';
import type { CallInput } from '../../../lib/api/client.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { contactQuery } from '../api/customers.ts';
import { useChangeCustomer, useUpdateContact } from '../api/mutations.ts';
import { useLockReason } from '../hooks/use-customer-rights.ts';
import { CustomerFrame } from './CustomerFrame.tsx';
import { NewContactForm, useContactRules } from './NewContactForm.tsx';

type UpdateBody = CallInput<'contactUpdate'>['body'];

/** ViewCustomerContact: one contact person's full form; without a contact id, a new contact. */
export default function ContactPage() {
  const { contactId } = useParams();
  const id = contactId && /^\d{1,10}$/.test(contactId) ? Number(contactId) : null;
  return (
    <CustomerFrame>
      {(customer) => (
        <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900 }}>
          <Button
            component={Link}
            to={pathFor('ViewCustomerDetails', { customerId: String(customer.Id) })}
            startIcon={<ArrowBack />}
            size="small"
            sx={{ mb: 1 }}
          >
            <BackLabel name={customer.Name} />
          </Button>
          {id === null ? (
            <NewContactPanel customer={customer} />
          ) : (
            <ContactEditor customer={customer} contactId={id} />
          )}
        </Box>
      )}
    </CustomerFrame>
  );
}

function BackLabel({ name }: { name: string }) {
  const { t } = useTranslation('customers');
  return <>{t('back_to', { name })}</>;
}

function NewContactPanel({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
        {t('add_contact')}
      </Typography>
      <NewContactForm
        customerId={customer.Id}
        onSaved={(c) =>
          navigate(
            pathFor('ViewCustomerContact', { customerId: String(customer.Id), contactId: String(c.Id) }),
            {
              replace: true,
            },
          )
        }
        onCancel={() => navigate(pathFor('ViewCustomerDetails', { customerId: String(customer.Id) }))}
      />
    </Paper>
  );
}

/**
 * Edit mode of a contact (001 §5): each input commits on blur; the SMS and e-mail switches are
 * editable here, each only while its mobile number or e-mail address is valid.
 */
function ContactEditor({ customer, contactId }: { customer: Customer; contactId: number }) {
  const { t } = useTranslation(['customers', 'common']);
  const rules = useContactRules();
  const query = useQuery(contactQuery(contactId));
  const lockReason = useLockReason('contact')();
  const updateContact = useUpdateContact(customer.Id, contactId);
  const changeCustomer = useChangeCustomer(customer.Id);
  const busy = updateContact.isPending || changeCustomer.isPending;
  const unshown = useUnshownFailure();

  if (query.isError)
    return (
      <Typography color="error" role="alert">
        {t('contact_not_found', { id: contactId })}
      </Typography>
    );
  if (!query.data) return <CircularProgress aria-label={t('common:loading')} />;
  const contact: Contact = query.data;
  const locked = !!lockReason;

  const update = async (patch: Partial<UpdateBody>, fromField = true) => {
    const next = {
      Name: contact.Name,
      Email: contact.Email,
      Mobile: contact.Mobile,
      FixedPhone: contact.FixedPhone,
      SmsAllowed: contact.SmsAllowed,
      EmailAllowed: contact.EmailAllowed,
      IsActive: contact.IsActive,
      // A text input's change names the version it was read at (decision 026); a switch's is the last word.
      ...(fromField ? { RowVersion: contact.RowVersion } : {}),
      ...patch,
    };
    // The switches are tied to a usable mobile number and e-mail address.
    if (!next.Mobile || !isPhone(next.Mobile)) next.SmsAllowed = false;
    if (!next.Email || !isEmail(next.Email)) next.EmailAllowed = false;
    await updateContact.mutateAsync({ body: next, silent: fromField }).catch((err: unknown) => {
      if (fromField) unshown(err);
      throw err;
    });
  };
  // The client has shown why a switch or the default failed.
  const toggle = (patch: Partial<UpdateBody>) => update(patch, false).catch(() => undefined);
  const makeDefault = () =>
    changeCustomer.mutateAsync({ body: { DefaultCustomerPersonId: contact.Id } }).catch(() => undefined);

  const mobileUsable = contact.Mobile !== '' && isPhone(contact.Mobile);
  const emailUsable = contact.Email !== '' && isEmail(contact.Email);
  const isDefault = customer.DefaultCustomerPersonId === contact.Id;

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      component="section"
      aria-labelledby="contact-heading"
      data-testid="contact-editor"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography
          variant="subtitle1"
          component="h3"
          id="contact-heading"
          sx={{ flex: 1, color: contact.IsActive ? undefined : 'text.secondary' }}
        >
          {contact.Name}
        </Typography>
        {isDefault ? (
          <Typography
            variant="body2"
            color="primary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <Star fontSize="small" aria-hidden /> {t('default_contact')}
          </Typography>
        ) : locked ? null : (
          <Button size="small" onClick={() => void makeDefault()} disabled={busy}>
            {t('make_default_contact')}
          </Button>
        )}
      </Stack>
      {lockReason ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="contact-lock">
          {lockReason}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CommitField
          version={contact.RowVersion}
          label={t('contact.Name')}
          name="Name"
          value={contact.Name}
          required
          validate={rules.Name}
          lockReason={lockReason}
          onCommit={(Name) => update({ Name })}
        />
        <CommitField
          version={contact.RowVersion}
          label={t('contact.Email')}
          name="Email"
          value={contact.Email}
          required
          type="email"
          inputMode="email"
          validate={rules.Email}
          lockReason={lockReason}
          onCommit={(Email) => update({ Email })}
        />
        <CommitField
          version={contact.RowVersion}
          label={t('contact.Mobile')}
          name="Mobile"
          value={contact.Mobile}
          required
          type="tel"
          inputMode="tel"
          validate={rules.Mobile}
          lockReason={lockReason}
          onCommit={(Mobile) => update({ Mobile })}
        />
        <CommitField
          version={contact.RowVersion}
          label={t('contact.FixedPhone')}
          name="FixedPhone"
          value={contact.FixedPhone}
          type="tel"
          inputMode="tel"
          validate={rules.FixedPhone}
          lockReason={lockReason}
          onCommit={(FixedPhone) => update({ FixedPhone })}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={contact.IsActive}
              disabled={locked || busy}
              onChange={(e) => void toggle({ IsActive: e.target.checked })}
            />
          }
          label={t('contact.IsActive')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={contact.SmsAllowed && mobileUsable}
              disabled={locked || busy || !mobileUsable}
              onChange={(e) => void toggle({ SmsAllowed: e.target.checked })}
            />
          }
          label={t('contact.SmsAllowed')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={contact.EmailAllowed && emailUsable}
              disabled={locked || busy || !emailUsable}
              onChange={(e) => void toggle({ EmailAllowed: e.target.checked })}
            />
          }
          label={t('contact.EmailAllowed')}
        />
      </Box>
    </Paper>
  );
}
