import { requiredEmail } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useRecoverPassword } from '../api/mutations.ts';
import { AuthField } from './AuthField.tsx';
import { AuthForm, messageOf } from './AuthForm.tsx';

/** The contract's e-mail rule ('E-mail is required', then 'Invalid E-mail address'). */
const SendOtpInput = z.object({ email: requiredEmail });

/** Step 1 of recovery: ask for a code by e-mail (POST Accounts/RecoverPassword). */
export function SendOtpForm({
  email: initialEmail,
  onSent,
  onCancel,
}: {
  email: string;
  onSent: (email: string) => void;
  onCancel: (email: string) => void;
}) {
  const { t } = useTranslation('auth');
  const form = useZodForm(SendOtpInput, { email: initialEmail });
  const textField = useTextField(form);
  const recover = useRecoverPassword();

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await recover.mutateAsync(email);
      onSent(email);
    } catch {
      // shown below the field (recover.error)
    }
  });

  return (
    <AuthForm onSubmit={submit}>
      <Typography color="text.secondary">{t('send_code_hint')}</Typography>
      <AuthField
        {...textField('email')}
        label={t('email')}
        type="email"
        autoComplete="username"
        autoFocus
        required
      />
      {recover.error && (
        <Alert severity="error" role="alert">
          {messageOf(recover.error) || t('code_error')}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" loading={recover.isPending}>
        {t('send_code')}
      </Button>
      <Button onClick={() => onCancel(form.getValues('email'))}>{t('cancel')}</Button>
    </AuthForm>
  );
}
