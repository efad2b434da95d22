import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/feedback/PageLoading.tsx';
import { LoginForm } from './components/LoginForm.tsx';
import { loadRecoveryStep } from './components/recovery.ts';
import { SignInSidePanel } from './components/SignInSidePanel.tsx';
import { type SignInMode, useSignInMode } from './use-sign-in-mode.ts';

// The forgotten-password steps load when one is first shown: a visitor who just signs in never needs them.
const RecoveryStep = lazy(loadRecoveryStep);

const TITLES: Record<SignInMode, string> = {
  login: 'title_login',
  sendOtp: 'title_send_otp',
  validateOtp: 'title_validate_otp',
  setPassword: 'title_set_password',
  continue: 'title_continue',
};

/**
 * The sign-in page (001 §2.1, §4): login, then for a forgotten password sendOtp → validateOtp →
 * setPassword → continue. The mode and e-mail live in the query (pwm, email); the verified code and the
 * new password only in this component, never in the address bar.
 */
export default function SignInPage() {
  const { t } = useTranslation('auth');
  const { mode, email, go, clear } = useSignInMode();
  const [code, setCode] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState<string | null>(null);

  // A step opened without what it needs (a reload, a shared link) goes back to the step that provides it.
  useEffect(() => {
    if ((mode === 'validateOtp' || mode === 'setPassword' || mode === 'continue') && !email)
      go('sendOtp', undefined, { replace: true });
    else if (mode === 'setPassword' && !code) go('validateOtp', email, { replace: true });
  }, [mode, email, code, go]);

  useEffect(() => {
    document.title = `${t(TITLES[mode])} · Fieldport`;
  }, [mode, t]);

  const toLogin = (mail?: string) => {
    setCode(null);
    setNewPassword(null);
    go('login', mail ?? email);
  };

  const form =
    mode === 'login' ? (
      <LoginForm key={email} email={email} onSignedIn={clear} />
    ) : (
      <RecoveryStep
        mode={mode}
        email={email}
        code={code}
        newPassword={newPassword}
        onSent={(mail) => go('validateOtp', mail)}
        onValid={(c) => {
          setCode(c);
          go('setPassword', email);
        }}
        onResend={() => go('sendOtp', email)}
        onChanged={(p) => {
          // The code is spent now; it is forgotten on the way back to the login form.
          setNewPassword(p);
          go('continue', email, { replace: true });
        }}
        onSignedIn={clear}
        onCancel={toLogin}
      />
    );

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 5fr) 7fr' },
        bgcolor: 'background.default',
      }}
    >
      {/* On phones the form comes first and the panel follows it. */}
      <Box sx={{ order: { xs: 2, md: 1 } }}>
        <SignInSidePanel />
      </Box>
      <Box
        component="main"
        sx={{
          order: { xs: 1, md: 2 },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
        }}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
            {t(TITLES[mode])}
          </Typography>
          {/* A boundary per step: while a step's code loads, its spinner shows at once instead of
              the previous step's form staying on screen (and taking the user's typing). */}
          <Suspense key={mode} fallback={<PageLoading />}>
            {form}
          </Suspense>
        </Paper>
      </Box>
    </Box>
  );
}
