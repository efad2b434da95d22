import type { Ref } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreatedNotice, useUnshownFailure } from '../../../components/feedback/index.ts';
import { CustomerDropdown } from '../../../components/search-dropdown/index.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useSimpleForm } from '../../../lib/forms/use-simple-form.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCreateCustomer } from '../api/mutations.ts';
import { CustomerGroupDropdown } from './CustomerGroupDropdown.tsx';
import { mergeCandidateOf } from './mergeCandidate.ts';

type Key =
  | 'Name'
  | 'CustomerNumber'
  | 'OrganisationNumber'
  | 'AddressName'
  | 'Street'
  | 'Zip'
  | 'City'
  | 'County'
  | 'Country'
  | 'ContactName'
  | 'Email'
  | 'Mobile'
  | 'FixedPhone';

const EMPTY: Record<Key, string> = {
  Name: '',
  CustomerNumber: '',
  OrganisationNumber: '',
  AddressName: '',
  Street: '',
  Zip: '',
  City: '',
  County: '',
  Country: '',
  ContactName: '',
  Email: '',
  Mobile: '',
  FixedPhone: '',
};

/** Server field names (Errors[].Field) → form keys. */
const SERVER_FIELDS: Record<string, Key> = {
  Name: 'Name',
  CustomerNumber: 'CustomerNumber',
  OrganisationNumber: 'OrganisationNumber',
  'DefaultDeliveryAddress.Name': 'AddressName',
  'DefaultDeliveryAddress.Street': 'Street',
  'DefaultDeliveryAddress.Zip': 'Zip',
  'DefaultDeliveryAddress.City': 'City',
  'DefaultDeliveryAddress.County': 'County',
  'DefaultDeliveryAddress.Country': 'Country',
  'DefaultCustomerPerson.Name': 'ContactName',
  'DefaultCustomerPerson.Email': 'Email',
  'DefaultCustomerPerson.Mobile': 'Mobile',
  'DefaultCustomerPerson.FixedPhone': 'FixedPhone',
};

/**
 * New customer (001 §2.6, 000 §3): Name required, customer number (the next free one when empty),
 * organisation number, free from VAT (on by default), group, parent customer, a default delivery
 * address and, optionally, a first contact person with the contact rules of 001 §5. Opens the new
 * customer when saved.
 */
export function CreateCustomerDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(['customers', 'common']);
  const rules = useFieldRules();
  const navigate = useNavigate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const createdNotice = useCreatedNotice();
  const unshown = useUnshownFailure();
  const [withContact, setWithContact] = useState(false);
  const ruleSet = useMemo(
    () => ({
      Name: rules.text(200, { required: true }),
      CustomerNumber: rules.text(30),
      OrganisationNumber: rules.text(40),
      AddressName: rules.text(100),
      Street: rules.text(200),
      Zip: rules.text(20),
      City: rules.text(100),
      County: rules.text(100),
      Country: rules.text(100),
      ...(withContact
        ? {
            ContactName: rules.text(100, { required: true }),
            Email: rules.email({ required: true }),
            Mobile: rules.phone({ required: true }),
            FixedPhone: rules.phone(),
          }
        : {}),
    }),
    [rules, withContact],
  );
  const form = useSimpleForm<Key>(EMPTY, ruleSet);
  const [freeFromVat, setFreeFromVat] = useState(true);
  const [group, setGroup] = useState<Ref | null>(null);
  const [parentId, setParentId] = useState<number | null>(null);
  const create = useCreateCustomer();
  const busy = create.isPending;
  const [refusal, setRefusal] = useState<{ text: string; holderId: number | null } | null>(null);

  const close = () => {
    form.reset(EMPTY);
    setFreeFromVat(true);
    setGroup(null);
    setParentId(null);
    setWithContact(false);
    setRefusal(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    if (!form.check()) return;
    const v = form.values;
    const address = {
      Name: v.AddressName.trim(),
      Street: v.Street.trim(),
      Zip: v.Zip.trim(),
      City: v.City.trim(),
      County: v.County.trim(),
      Country: v.Country.trim(),
    };
    const hasAddress = [address.Name, address.Street, address.Zip, address.City].some((x) => x !== '');
    try {
      const created = await create.mutateAsync({
        Name: v.Name.trim(),
        ...(v.CustomerNumber.trim() ? { CustomerNumber: v.CustomerNumber.trim() } : {}),
        OrganisationNumber: v.OrganisationNumber.trim(),
        FreeFromVat: freeFromVat,
        CustomerGroupId: group?.Id ?? null,
        ParentCustomerId: parentId,
        ...(hasAddress ? { DefaultDeliveryAddress: { ...address, IsDelivery: true } } : {}),
        ...(withContact
          ? {
              DefaultCustomerPerson: {
                Name: v.ContactName.trim(),
                Email: v.Email.trim(),
                Mobile: v.Mobile.trim(),
                FixedPhone: v.FixedPhone.trim(),
                IsActive: true,
              },
            }
          : {}),
      });
      createdNotice();
      close();
      navigate(pathFor('ViewCustomerDetails', { customerId: String(created.Id) }));
    } catch (err) {
      unshown(err);
      if (err instanceof ApiError && err.body) {
        for (const fe of err.body.Errors ?? []) {
          const key = SERVER_FIELDS[fe.Field];
          if (key) form.setServerError(key, fe.Message);
        }
        setRefusal({ text: err.body.Message, holderId: mergeCandidateOf(err) });
      }
    }
  };

  const field = (key: Key, label: string, extra: Record<string, unknown> = {}) => (
    <TextField {...form.bind(key)} label={label} size="small" fullWidth autoComplete="off" {...extra} />
  );

  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullScreen={phone} maxWidth="md" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('new_customer')}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field('Name', t('field.Name'), { required: true, autoFocus: true })}
            {field('CustomerNumber', t('field.CustomerNumber'), {
              helperText: form.errorOf('CustomerNumber') ?? t('customer_number_hint'),
            })}
            {field('OrganisationNumber', t('field.OrganisationNumber'))}
            <FormControlLabel
              control={<Switch checked={freeFromVat} onChange={(e) => setFreeFromVat(e.target.checked)} />}
              label={t('field.FreeFromVat')}
            />
            <CustomerGroupDropdown value={group} onChange={setGroup} />
            <CustomerDropdown
              label={t('field.ParentCustomerId')}
              value={parentId}
              onChange={(id) => setParentId(id)}
              clearable
              required={false}
              size="small"
            />
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
            {t('delivery_address')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field('AddressName', t('address.Name'))}
            {field('Street', t('address.Street'), { autoComplete: 'off' })}
            {field('Zip', t('address.Zip'))}
            {field('City', t('address.City'))}
            {field('County', t('address.County'))}
            {field('Country', t('address.Country'))}
          </Box>
          <FormControlLabel
            sx={{ mt: 2 }}
            control={<Checkbox checked={withContact} onChange={(e) => setWithContact(e.target.checked)} />}
            label={t('add_first_contact')}
          />
          {withContact ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
              {field('ContactName', t('contact.Name'), { required: true })}
              {field('Email', t('contact.Email'), { required: true, type: 'email' })}
              {field('Mobile', t('contact.Mobile'), { required: true, type: 'tel' })}
              {field('FixedPhone', t('contact.FixedPhone'), { type: 'tel' })}
            </Box>
          ) : null}
          {refusal ? (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              role="alert"
              action={
                refusal.holderId ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      const id = refusal.holderId as number;
                      close();
                      navigate(pathFor('ViewCustomerDetails', { customerId: String(id) }));
                    }}
                  >
                    {t('open_holder')}
                  </Button>
                ) : undefined
              }
            >
              {refusal.text}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
