import { isOtp, RESET_CODE_MINUTES } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useZodForm } from '../../../lib/forms/zod-form.ts';
import { Refused, useValidateOtp } from '../api/mutations.ts';
import { AuthForm, messageOf } from './AuthForm.tsx';
import { OtpInput } from './OtpInput.tsx';

/** Six digits; the button waits for them, so the message is never shown. */
const CodeInput = z.object({ code: z.string().refine(isOtp) });

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
  const form = useZodForm(CodeInput, { code: '' });
  const check = useValidateOtp(email);
  const error = check.error
    ? messageOf(check.error) || t(check.error instanceof Refused ? 'invalid_code' : 'code_error')
    : null;

  // Only the latest check's outcome counts (a new one cancels the one running).
  const validate = (code: string) => check.mutate(code, { onSuccess: onValid });
  const submit = form.handleSubmit(({ code }) => validate(code));

  return (
    <AuthForm onSubmit={submit}>
      <Typography color="text.secondary">{t('code_sent', { email, minutes: RESET_CODE_MINUTES })}</Typography>
      <Controller
        name="code"
        control={form.control}
        render={({ field }) => (
          <OtpInput
            value={field.value}
            onChange={(c) => {
              field.onChange(c);
              if (check.error) check.reset();
            }}
            onComplete={validate}
            error={!!error}
            disabled={check.isPending}
          />
        )}
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={check.isPending}
        disabled={!isOtp(form.watch('code'))}
      >
        {t('verify_code')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('no_code')}{' '}
        <Link component="button" type="button" onClick={onResend} sx={{ verticalAlign: 'baseline' }}>
          {t('send_new_code')}
        </Link>
      </Typography>
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </AuthForm>
  );
}
