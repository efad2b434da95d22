import { OTP_LENGTH } from '@fieldport/contract';
import { useTranslation } from 'react-i18next';
import { AuthField } from './AuthField.tsx';

/**
 * The six-digit code input (001 §4, §5). Keeps digits only; calls onComplete when the sixth digit arrives,
 * whether typed, pasted or filled from the SMS/e-mail suggestion (autocomplete one-time-code).
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  error,
  disabled,
}: {
  value: string;
  onChange: (code: string) => void;
  onComplete: (code: string) => void;
  /** The field shows as invalid; the message itself is shown by the form. */
  error?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <AuthField
      label={t('code')}
      value={value}
      disabled={disabled}
      autoFocus
      required
      error={error}
      helperText={t('code_hint', { n: OTP_LENGTH })}
      onChange={(e) => {
        const code = e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
        onChange(code);
        if (code.length === OTP_LENGTH && code !== value) onComplete(code);
      }}
      inputProps={{
        inputMode: 'numeric',
        autoComplete: 'one-time-code',
        maxLength: OTP_LENGTH,
        pattern: '[0-9]*',
        style: { letterSpacing: '0.5em', fontSize: '1.4rem', textAlign: 'center' },
      }}
    />
  );
}
