import { type Contact, ContactAddInput } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreatedNotice } from '../../../components/feedback/index.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { showServerErrors, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useAddContact } from '../api/mutations.ts';

type Key = 'Name' | 'Email' | 'Mobile' | 'FixedPhone';
const KEYS: Key[] = ['Name', 'Email', 'Mobile', 'FixedPhone'];

/** The contact rules of 001 §5 as form rules. */
export function useContactRules() {
  const rules = useFieldRules();
  return useMemo(
    () => ({
      Name: rules.text(100, { required: true }),
      Email: rules.email({ required: true }),
      Mobile: rules.phone({ required: true }),
      FixedPhone: rules.phone(),
    }),
    [rules],
  );
}

/**
 * A new contact person (001 §5): Name not empty; E-mail required and valid; Mobile required and a
 * valid phone; Fixed phone a valid phone; Active on by default. The SMS and e-mail switches can be
 * changed only once the contact exists (edit mode).
 */
export function NewContactForm(props: {
  customerId: number;
  onSaved(contact: Contact): void;
  onCancel(): void;
  /** Buttons go into the caller's dialog actions when false. */
  inlineActions?: boolean;
  formId?: string;
  onBusy?(busy: boolean): void;
}) {
  const { t } = useTranslation(['customers', 'common']);
  const form = useZodForm(ContactAddInput, {
    Name: '',
    Email: '',
    Mobile: '',
    FixedPhone: '',
    IsActive: true,
  });
  const textField = useTextField(form);
  const createdNotice = useCreatedNotice();
  const addContact = useAddContact(props.customerId);
  const busy = addContact.isPending;

  const submit = form.handleSubmit(async (body) => {
    props.onBusy?.(true);
    try {
      const saved = await addContact.mutateAsync(body);
      createdNotice();
      props.onSaved(saved);
    } catch (err) {
      showServerErrors(form, err, (f) => (KEYS.includes(f as Key) ? (f as Key) : null));
    } finally {
      props.onBusy?.(false);
    }
  });

  return (
    <Box component="form" id={props.formId} onSubmit={submit} noValidate>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...textField('Name')}
          label={t('contact.Name')}
          required
          size="small"
          autoFocus
          autoComplete="off"
        />
        <TextField
          {...textField('Email')}
          label={t('contact.Email')}
          required
          size="small"
          type="email"
          autoComplete="off"
        />
        <TextField
          {...textField('Mobile')}
          label={t('contact.Mobile')}
          required
          size="small"
          type="tel"
          autoComplete="off"
        />
        <TextField
          {...textField('FixedPhone')}
          label={t('contact.FixedPhone')}
          size="small"
          type="tel"
          autoComplete="off"
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 1 }}>
        <FormControlLabel
          control={
            <Controller
              name="IsActive"
              control={form.control}
              render={({ field }) => (
                <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
              )}
            />
          }
          label={t('contact.IsActive')}
        />
        <FormControlLabel control={<Switch checked={false} disabled />} label={t('contact.SmsAllowed')} />
        <FormControlLabel control={<Switch checked={false} disabled />} label={t('contact.EmailAllowed')} />
      </Box>
      <FormHelperText>{t('contact.switches_after_save')}</FormHelperText>
      {props.inlineActions !== false ? (
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={props.onCancel} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('common:save')}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
