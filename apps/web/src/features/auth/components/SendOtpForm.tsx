import { requiredValidMail } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api/client.ts';
import { AuthField } from './AuthField.tsx';
import { AuthForm, messageOf } from './AuthForm.tsx';

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
  const { t: tv } = useTranslation('validation');
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = requiredValidMail(email);
  const shown = touched && problem ? tv(problem.key) : undefined;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      await callApi('recoverPassword', { body: { username: email.trim() } }, { silent: true });
      onSent(email.trim());
    } catch (err) {
      setError(messageOf(err) || t('code_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm onSubmit={submit}>
      <Typography color="text.secondary">{t('send_code_hint')}</Typography>
      <AuthField
        label={t('email')}
        type="email"
        autoComplete="username"
        autoFocus
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setTouched(true)}
        error={!!shown}
        helperText={shown}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" loading={busy}>
        {t('send_code')}
      </Button>
      <Button onClick={() => onCancel(email)}>{t('cancel')}</Button>
    </AuthForm>
  );
}
