import { isOtp, RESET_CODE_MINUTES } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isCancelled } from '../../../lib/api/client.ts';
import { messageOf } from './AuthForm.tsx';
import { OtpInput } from './OtpInput.tsx';

/** Step 2 of recovery: the e-mailed code, checked as soon as the sixth digit is in (GET Accounts/ValidateOtp). */
export function ValidateOtpForm({
  email,
  onValid,
  onResend,
  onCancel,
}: {
  email: string;
  onValid: (code: string) => void;
  onResend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  const validate = async (value: string) => {
    if (!isOtp(value)) return;
    running.current?.abort();
    const ctrl = new AbortController();
    running.current = ctrl;
    setBusy(true);
    setError(null);
    try {
      const res = await callApi(
        'validateOtp',
        { query: { email, code: value } },
        { silent: true, signal: ctrl.signal },
      );
      if (res.Success) onValid(value);
      else setError(res.Message || t('invalid_code'));
    } catch (err) {
      if (isCancelled(err)) return;
      setError(messageOf(err) || t('code_error'));
    } finally {
      if (running.current === ctrl) {
        running.current = null;
        setBusy(false);
      }
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        void validate(code);
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography color="text.secondary">{t('code_sent', { email, minutes: RESET_CODE_MINUTES })}</Typography>
      <OtpInput
        value={code}
        onChange={(c) => {
          setCode(c);
          if (error) setError(null);
        }}
        onComplete={(c) => void validate(c)}
        error={!!error}
        disabled={busy}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" loading={busy} disabled={!isOtp(code)}>
        {t('verify_code')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('no_code')}{' '}
        <Link component="button" type="button" onClick={onResend} sx={{ verticalAlign: 'baseline' }}>
          {t('send_new_code')}
        </Link>
      </Typography>
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </Box>
  );
}
