import { failedPasswordRules } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/feedback/context.ts';
import { PasswordChecklist } from '../../../components/password/PasswordChecklist.tsx';
import { callApi } from '../../../lib/api/client.ts';
import { AuthField } from './AuthField.tsx';
import { AuthForm, messageOf } from './AuthForm.tsx';

/** What is wrong with a new password and its confirmation (001 §5); messages are validation keys. */
function newPasswordProblems(password: string, confirm: string) {
  return {
    password: password === '' ? 'Please type password.' : null,
    rules: failedPasswordRules(password),
    confirm:
      confirm === ''
        ? 'Please type confirm password.'
        : confirm !== password
          ? 'The password confirmation does not match.'
          : null,
  };
}

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
  const { t: tv } = useTranslation('validation');
  const snackbar = useSnackbar();
  const checklistId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problems = newPasswordProblems(password, confirm);
  const valid = !problems.password && problems.rules.length === 0 && !problems.confirm;
  // The mismatch shows while typing the confirmation; the 'please type' messages once a field was left.
  const passwordMessage = touched.password && problems.password ? tv(problems.password) : undefined;
  const confirmMessage =
    problems.confirm && (confirm !== '' || touched.confirm) ? tv(problems.confirm) : undefined;

  const fail = (message: string | undefined) => {
    const text = message || t('invalid_code');
    setError(text);
    snackbar.show({ text, severity: 'error' });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ password: true, confirm: true });
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const res = await callApi(
        'changePassword',
        { body: { Email: email, Code: code, Password: password } },
        { silent: true },
      );
      if (res.Success) onChanged(password);
      else fail(res.Message);
    } catch (err) {
      fail(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm onSubmit={submit}>
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <AuthField
        label={t('new_password')}
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onBlur={() => setTouched((s) => ({ ...s, password: true }))}
        error={!!passwordMessage}
        helperText={passwordMessage}
        inputProps={{ 'aria-describedby': checklistId }}
      />
      <PasswordChecklist password={password} id={checklistId} />
      <AuthField
        label={t('confirm_password')}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        onBlur={() => setTouched((s) => ({ ...s, confirm: true }))}
        error={!!confirmMessage}
        helperText={confirmMessage}
      />
      {error && (
        <Alert severity="error" role="alert">
          <AlertTitle>{error}</AlertTitle>
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={!valid} loading={busy}>
        {t('set_password')}
      </Button>
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </AuthForm>
  );
}
