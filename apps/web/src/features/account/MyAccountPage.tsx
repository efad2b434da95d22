import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { myAccountQuery } from './api.ts';
import { AccountDetails } from './components/AccountDetails.tsx';
import { ChangePasswordForm } from './components/ChangePasswordForm.tsx';
import { SessionList } from './components/SessionList.tsx';

/** A titled part of a settings page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * MyAccount (/my-page/myaccount, 001 §2.9): the own name, phone and language; the own password; the
 * browsers signed in to the account, to sign out one or all others.
 */
export default function MyAccountPage() {
  const { t } = useTranslation(['account', 'common']);
  const account = useQuery(myAccountQuery);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }} data-testid="my-account">
      <Section id="account-details" title={t('account:details.title')}>
        {account.data ? (
          <AccountDetails account={account.data} />
        ) : account.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void account.refetch()}>
                {t('common:retry')}
              </Button>
            }
          >
            {t('account:details.loadFailed')}
          </Alert>
        ) : (
          <CircularProgress aria-label={t('common:loading')} />
        )}
      </Section>
      <Section id="account-password" title={t('account:password.title')}>
        <ChangePasswordForm />
      </Section>
      <Section id="account-sessions" title={t('account:sessions.title')}>
        <SessionList />
      </Section>
    </Stack>
  );
}
