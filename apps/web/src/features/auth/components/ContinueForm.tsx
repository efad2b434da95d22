import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.tsx';
import { AuthField } from './AuthField.tsx';
import { AuthForm, messageOf } from './AuthForm.tsx';

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
  const session = useSession();
  const [password, setPassword] = useState(newPassword ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!email || !password) return;
    setBusy(true);
    setError(null);
    try {
      await session.signIn(email, password);
      onSignedIn();
    } catch (err) {
      setError(messageOf(err) || t('login_exception'));
      setBusy(false);
    }
  };

  return (
    <AuthForm onSubmit={submit}>
      <Alert severity="success">{t('password_changed')}</Alert>
      <Typography color="text.secondary">{t('continue_hint', { email })}</Typography>
      {newPassword === null && (
        <AuthField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={busy}
        disabled={!email || !password}
        autoFocus={newPassword !== null}
      >
        {t('continue')}
      </Button>
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </AuthForm>
  );
}
