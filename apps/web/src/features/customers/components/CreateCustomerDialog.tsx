import {
  line,
  optionalPhone,
  type Ref,
  requiredEmail,
  requiredLine,
  requiredPhone,
} from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useCreatedNotice, useUnshownFailure } from '../../../components/feedback/index.ts';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { CustomerDropdown } from '../../../components/search-dropdown/index.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { showServerErrors, useFieldProblem, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCreateCustomer } from '../api/mutations.ts';
import { CountryField } from './CountryField.tsx';
import { CustomerGroupDropdown } from './CustomerGroupDropdown.tsx';
import { mergeCandidateOf } from './merge-candidate.ts';

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
 * The dialog's fields with the contract's field schemas; the contact's only with `WithContact` (the
 * contact rules of 001 §5, as ContactAddInput has them).
 */
const CreateForm = z
  .object({
    Name: requiredLine(200),
    CustomerNumber: line(30),
    OrganisationNumber: line(40),
    AddressName: line(100),
    Street: line(200),
    Zip: line(20),
    City: line(100),
    County: line(100),
    Country: line(100),
    WithContact: z.boolean(),
    ContactName: z.string().trim(),
    Email: z.string().trim(),
    Mobile: z.string().trim(),
    FixedPhone: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (!v.WithContact) return;
    const checks = [
      ['ContactName', requiredLine(100)],
      ['Email', requiredEmail],
      ['Mobile', requiredPhone],
      ['FixedPhone', optionalPhone],
    ] as const;
    for (const [key, schema] of checks) {
      const problem = schema.safeParse(v[key]).error?.issues[0]?.message;
      if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
    }
  });

const EMPTY_FORM: z.input<typeof CreateForm> = { ...EMPTY, WithContact: false };

/**
 * New customer (001 §2.6, 000 §3): Name required, customer number (the next free one when empty),
 * organisation number, free from VAT (on by default), group, parent customer, a default delivery
 * address and, optionally, a first contact person with the contact rules of 001 §5. Opens the new
 * customer when saved.
 */
export function CreateCustomerDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(['customers', 'common']);
  const navigate = useNavigate();
  const createdNotice = useCreatedNotice();
  const unshown = useUnshownFailure();
  const form = useZodForm(CreateForm, EMPTY_FORM);
  const textField = useTextField(form);
  const problem = useFieldProblem(form);
  const withContact = form.watch('WithContact');
  const [freeFromVat, setFreeFromVat] = useState(true);
  const [group, setGroup] = useState<Ref | null>(null);
  const [parentId, setParentId] = useState<number | null>(null);
  const create = useCreateCustomer();
  const busy = create.isPending;
  const [refusal, setRefusal] = useState<{ text: string; holderId: number | null } | null>(null);

  const close = () => {
    form.reset(EMPTY_FORM);
    setFreeFromVat(true);
    setGroup(null);
    setParentId(null);
    setRefusal(null);
    onClose();
  };

  const submit = form.handleSubmit(async (v) => {
    setRefusal(null);
    const address = {
      Name: v.AddressName,
      Street: v.Street,
      Zip: v.Zip,
      City: v.City,
      County: v.County,
      Country: v.Country,
    };
    const hasAddress = [address.Name, address.Street, address.Zip, address.City].some((x) => x !== '');
    try {
      const created = await create.mutateAsync({
        Name: v.Name,
        ...(v.CustomerNumber ? { CustomerNumber: v.CustomerNumber } : {}),
        OrganisationNumber: v.OrganisationNumber,
        FreeFromVat: freeFromVat,
        CustomerGroupId: group?.Id ?? null,
        ParentCustomerId: parentId,
        ...(hasAddress ? { DefaultDeliveryAddress: { ...address, IsDelivery: true } } : {}),
        ...(withContact
          ? {
              DefaultCustomerPerson: {
                Name: v.ContactName,
                Email: v.Email,
                Mobile: v.Mobile,
                FixedPhone: v.FixedPhone,
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
      showServerErrors(form, err, (f) => SERVER_FIELDS[f] ?? null);
      if (err instanceof ApiError && err.body) {
        setRefusal({ text: err.body.Message, holderId: mergeCandidateOf(err) });
      }
    }
  });

  const field = (key: Key, label: string, extra: Record<string, unknown> = {}) => (
    <TextField {...textField(key)} label={label} size="small" fullWidth autoComplete="off" {...extra} />
  );

  return (
    <FormDialog
      open={open}
      title={t('new_customer')}
      submitLabel={t('create')}
      maxWidth="md"
      fullScreenOnPhone
      dividers
      pending={busy}
      lockWhilePending
      onSubmit={submit}
      onClose={close}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('Name', t('field.Name'), { required: true, autoFocus: true })}
        {field('CustomerNumber', t('field.CustomerNumber'), {
          helperText: textField('CustomerNumber').helperText ?? t('customer_number_hint'),
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
            />
          )}
        />
      </Box>
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Checkbox checked={withContact} onChange={(e) => form.setValue('WithContact', e.target.checked)} />
        }
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
    </FormDialog>
  );
}
