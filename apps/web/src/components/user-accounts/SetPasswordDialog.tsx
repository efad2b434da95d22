import { isStrongPassword, type UserAccount } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client.ts';
import { useSnackbar } from '../feedback/index.ts';
import { FormDialog } from '../form-dialog/index.ts';
import { usePasswordMinLength } from '../password/min-length.ts';
import { PasswordChecklist } from '../password/PasswordChecklist.tsx';
import { useSetPasswordFor } from './api.ts';

/**
 * Set password (User/changePasswordFor): the new password with its rule checklist at the company's
 * minimum length and a confirmation (001 §5); the user's sessions end on the server. The server's refusal
 * of the password (a common breached one, decision 060) shows under the field, any other above.
 */
export function SetPasswordDialog(props: { user: UserAccount; onClose(): void }) {
  const { t } = useTranslation(['users', 'common', 'validation', 'auth']);
  const snackbar = useSnackbar();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [passwordRefusal, setPasswordRefusal] = useState<string | null>(null);
  const minLength = usePasswordMinLength();
  const setPasswordFor = useSetPasswordFor(props.user.EmailAdress);
  const busy = setPasswordFor.isPending;
  const mismatch = confirmation !== '' && confirmation !== password;
  const valid = isStrongPassword(password, minLength) && confirmation === password;

  const submit = async () => {
    if (!valid) return;
    setRefusal(null);
    setPasswordRefusal(null);
    try {
      const answer = await setPasswordFor.mutateAsync(password);
      if (answer.Success) {
        // The server's own words: the password changed and the user's sessions ended.
        snackbar.show({ text: answer.Message, severity: 'success' });
        props.onClose();
      } else setRefusal(answer.Message);
    } catch (err) {
      const body = err instanceof ApiError ? err.body : null;
      const onField = body?.Errors?.find((fe) => fe.Field === 'Password');
      if (onField) setPasswordRefusal(onField.Message);
      else setRefusal(body ? body.Message : t('common:unknownError'));
    }
  };

  return (
    <FormDialog
      title={t('users:set_password_title', { name: props.user.Name })}
      submitLabel={t('users:set_password')}
      maxWidth="xs"
      dividers
      pending={busy}
      lockWhilePending
      submitDisabled={!valid}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="info">{t('users:set_password_hint')}</Alert>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <TextField
          label={t('auth:new_password')}
          type="password"
          autoComplete="new-password"
          size="small"
          required
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setPasswordRefusal(null);
          }}
          error={passwordRefusal !== null}
          helperText={passwordRefusal}
          slotProps={{ htmlInput: { 'aria-describedby': 'set-password-rules' } }}
        />
        <PasswordChecklist password={password} id="set-password-rules" minLength={minLength} />
        <TextField
          label={t('auth:confirm_password')}
          type="password"
          autoComplete="new-password"
          size="small"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={mismatch}
          helperText={mismatch ? t('validation:The password confirmation does not match.') : undefined}
        />
      </Box>
    </FormDialog>
  );
}
