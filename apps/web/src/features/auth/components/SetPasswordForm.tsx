import { isStrongPassword } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSnackbar } from '../../../components/feedback/context.ts';
import { PasswordChecklist } from '../../../components/password/PasswordChecklist.tsx';
import { useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useRecoveryChangePassword } from '../api/mutations.ts';
import { AuthField } from './AuthField.tsx';
import { AuthForm, messageOf } from './AuthForm.tsx';

/**
 * A new password and its confirmation (001 §5). The contract's messages, and the web's `validation`
 * keys for the confirmation (the contract has no message for it); the rules show in the checklist.
 */
const NewPasswordInput = z
  .object({
    password: z
      .string()
      .min(1, { message: 'Please type password.', abort: true })
      .refine(isStrongPassword, 'The password does not follow the password rules.'),
    confirm: z.string().min(1, 'Please type confirm password.'),
  })
  .refine((v) => v.confirm === '' || v.confirm === v.password, {
    path: ['confirm'],
    message: 'The password confirmation does not match.',
  });

/** Step 3 of recovery: the new password with its rule checklist (POST Accounts/ChangePassword). */
export function SetPasswordForm({
  email,
  code,
  onChanged,
  onCancel,
}: {
  email: string;
  code: string;
  onChanged: (password: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  const snackbar = useSnackbar();
  const checklistId = useId();
  const form = useZodForm(NewPasswordInput, { password: '', confirm: '' });
  const textField = useTextField(form);
  const change = useRecoveryChangePassword(email, code);
  const password = form.watch('password');
  const confirmField = textField('confirm');

  const submit = form.handleSubmit(async (values) => {
    try {
      onChanged(await change.mutateAsync(values.password));
    } catch (err) {
      snackbar.show({ text: messageOf(err) || t('invalid_code'), severity: 'error' });
    }
  });
  const error = change.error ? messageOf(change.error) || t('invalid_code') : null;

  return (
    <AuthForm onSubmit={submit}>
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <AuthField
        // A changed password checks the confirmation again.
        {...textField('password', { deps: ['confirm'] })}
        label={t('new_password')}
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        inputProps={{ 'aria-describedby': checklistId }}
      />
      <PasswordChecklist password={password} id={checklistId} />
      <AuthField
        {...confirmField}
        // The mismatch shows while the confirmation is typed, not only once it was left.
        onChange={async (e) => {
          await confirmField.onChange(e);
          if (e.target.value) await form.trigger('confirm');
        }}
        label={t('confirm_password')}
        type="password"
        autoComplete="new-password"
        required
      />
      {error && (
        <Alert severity="error" role="alert">
          <AlertTitle>{error}</AlertTitle>
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!form.formState.isValid}
        loading={change.isPending}
      >
        {t('set_password')}
      </Button>
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </AuthForm>
  );
}
