import { isEmail } from '@fieldport/contract';
import Microsoft from '@mui/icons-material/Microsoft';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { callApi } from '../../../lib/api/client.ts';
import { useMicrosoftSignIn, useSignIn } from '../api/mutations.ts';
import { useLoadOnce } from '../hooks/use-load-once.ts';
import { EMAIL_PARAM, MODE_PARAM } from '../use-sign-in-mode.ts';
import { AuthField } from './AuthField.tsx';
import { AuthForm } from './AuthForm.tsx';
import { loadRecoveryStep } from './recovery.ts';

/**
 * 001 §5: e-mail rule and a non-empty password; the messages are not shown, the button just waits.
 * Plain state and the contract's rules rather than react-hook-form and zod: this form is in the first
 * download, which the two libraries would put over its budget (decision 020).
 */
const isValidLogin = (email: string, password: string) => isEmail(email) && password.length > 0;

const prefetchRecovery = () => void loadRecoveryStep();

/** Browsers fill saved credentials without change events: look for them every 100 ms for 3 s (001 §9). */
const AUTOFILL_POLL_MS = 100;
const AUTOFILL_POLL_FOR_MS = 3_000;

function isAutofilled(input: HTMLInputElement | null): boolean {
  try {
    return !!input?.matches(':-webkit-autofill');
  } catch {
    return false; // the engine does not know the pseudo-class
  }
}

export function LoginForm({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const microsoft = useMicrosoftSignIn();
  // The Microsoft option shows only when the server has it configured (the portal call says which client).
  const entra = useLoadOnce((signal) => callApi('portal', undefined, { signal, silent: true }), 1).data
    ?.EntraId;
  const emailRef = useRef<HTMLInputElement | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const [autofilled, setAutofilled] = useState(false);
  const [values, setValues] = useState({ email, password: '' });
  const isValid = isValidLogin(values.email, values.password);
  const typedEmail = values.email;
  const [params] = useSearchParams();

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      for (const [name, input] of [
        ['email', emailRef.current],
        ['password', passwordRef.current],
      ] as const) {
        if (input) setValues((v) => (v[name] === input.value ? v : { ...v, [name]: input.value }));
      }
      if (isAutofilled(emailRef.current) && isAutofilled(passwordRef.current)) setAutofilled(true);
      if (Date.now() - started >= AUTOFILL_POLL_FOR_MS) clearInterval(timer);
    }, AUTOFILL_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  // A failure is shown by the session (a red snackbar); the form stays as it is.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!(isValid || autofilled) || signIn.isPending) return;
    signIn.mutate(values, { onSuccess: onSignedIn });
  };

  return (
    <AuthForm onSubmit={submit}>
      <Typography color="text.secondary">{t('sign_in_hint')}</Typography>
      <AuthField
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        inputRef={emailRef}
        label={t('email')}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus={!email}
        required
      />
      <AuthField
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        inputRef={passwordRef}
        label={t('password')}
        type="password"
        name="password"
        autoComplete="current-password"
        autoFocus={!!email}
        required
        inputProps={{ minLength: 8 }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
        <Link
          component={RouterLink}
          to={{ search: searchFor(params, 'sendOtp', typedEmail.trim()) }}
          variant="body2"
          // The recovery steps' code starts loading when the link is pointed at or focused.
          onPointerEnter={prefetchRecovery}
          onFocus={prefetchRecovery}
        >
          {t('forgot_password')}
        </Link>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!(isValid || autofilled) || microsoft.isPending}
        loading={signIn.isPending}
      >
        {t('sign_in')}
      </Button>
      {entra ? (
        <>
          <Divider>{t('or')}</Divider>
          <Button
            variant="outlined"
            size="large"
            startIcon={<Microsoft />}
            onClick={() => microsoft.mutate(entra, { onSuccess: onSignedIn })}
            loading={microsoft.isPending}
            disabled={signIn.isPending}
          >
            {t('microsoft_sign_in')}
          </Button>
        </>
      ) : null}
    </AuthForm>
  );
}

/** The query of a sign-in mode, keeping the page's other parameters. */
function searchFor(current: URLSearchParams, mode: string, email: string): string {
  const p = new URLSearchParams(current);
  p.set(MODE_PARAM, mode);
  if (email) p.set(EMAIL_PARAM, email);
  else p.delete(EMAIL_PARAM);
  return `?${p.toString()}`;
}
