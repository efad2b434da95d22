import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useSignIn } from '../api/mutations.ts';
import { AuthField } from './AuthField.tsx';
import { AuthForm, messageOf } from './AuthForm.tsx';

/** The new password, typed again after a reload ('Please type password.', a contract message). */
const ContinueInput = z.object({ password: z.string().min(1, 'Please type password.') });

/**
 * Step 4 of recovery: the password is changed; Continue signs in with it. After a reload the new password
 * is no longer known, so the form asks for it.
 */
export function ContinueForm({
  email,
  newPassword,
  onSignedIn,
  onCancel,
}: {
  email: string;
  newPassword: string | null;
  onSignedIn: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  const form = useZodForm(ContinueInput, { password: newPassword ?? '' });
  const textField = useTextField(form);
  const signIn = useSignIn();
  const typed = form.watch('password');

  const submit = form.handleSubmit(async ({ password }) => {
    if (!email) return;
    try {
      await signIn.mutateAsync({ email, password });
      onSignedIn();
    } catch {
      // shown below (signIn.error), and by the session in a snackbar
    }
  });

  return (
    <AuthForm onSubmit={submit}>
      <Alert severity="success">{t('password_changed')}</Alert>
      <Typography color="text.secondary">{t('continue_hint', { email })}</Typography>
      {newPassword === null && (
        <AuthField
          {...textField('password')}
          label={t('password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          required
        />
      )}
      {signIn.error && (
        <Alert severity="error" role="alert">
          {messageOf(signIn.error) || t('login_exception')}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={signIn.isPending}
        disabled={!email || !typed}
        autoFocus={newPassword !== null}
      >
        {t('continue')}
      </Button>
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </AuthForm>
  );
}
