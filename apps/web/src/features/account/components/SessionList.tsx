import Computer from '@mui/icons-material/Computer';
import Smartphone from '@mui/icons-material/Smartphone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useConfirm, useSnackbar } from '../../../components/feedback/index.ts';
import { VirtualList } from '../../../components/paged-list/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { type MyAccountSession, sessionsQuery } from '../api.ts';
import { useEndOtherSessions, useEndSession } from '../mutations.ts';
import { describeUserAgent } from '../user-agent.ts';

/** 'Firefox on Linux', or as much of it as the User-Agent tells. */
function deviceName(t: TFunction<'account'>, userAgent: string | null): string {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return t('sessions.device', { browser, system });
  return browser ?? system ?? t('sessions.unknownBrowser');
}

const MOBILE = new Set(['iOS', 'Android']);

function SessionRow(props: { session: MyAccountSession; busy: boolean; onEnd(s: MyAccountSession): void }) {
  const { t } = useTranslation('account');
  const { session } = props;
  const name = deviceName(t, session.UserAgent);
  const Icon = MOBILE.has(describeUserAgent(session.UserAgent).system ?? '') ? Smartphone : Computer;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      data-testid="session-row"
      data-current={session.Current ? 'true' : 'false'}
      sx={{ alignItems: 'center', py: 1, px: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Icon color={session.Current ? 'primary' : 'action'} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" component="div" sx={{ fontWeight: 500 }}>
          {name}
          {session.Current ? (
            <Chip label={t('sessions.thisBrowser')} size="small" color="primary" sx={{ ml: 1 }} />
          ) : null}
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary">
          {[
            t('sessions.started', { date: formatDateTime(session.Started) }),
            t('sessions.lastUsed', { date: formatDateTime(session.LastUsed) }),
          ].join(' · ')}
        </Typography>
      </Box>
      {session.Current ? null : (
        <Button
          size="small"
          disabled={props.busy}
          onClick={() => props.onEnd(session)}
          aria-label={`${t('sessions.signOut')}: ${name}`}
        >
          {t('sessions.signOut')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The own live sign-ins, the most recently active first, this browser's marked: sign one out, or all
 * but this one. Their access tokens are refused at once on the server.
 */
export function SessionList() {
  const { t } = useTranslation(['account', 'common']);
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const sessions = useQuery(sessionsQuery);
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const busy = endOne.isPending || endOthers.isPending;
  const items = sessions.data?.Content ?? [];
  const others = items.filter((s) => !s.Current).length;

  const run = async (action: () => Promise<{ Message: string }>) => {
    try {
      const answer = await action();
      snackbar.show({ text: answer.Message, severity: 'success' });
    } catch {
      // The client has shown why.
    }
  };
  const signOutOne = async (s: MyAccountSession) => {
    const device = deviceName(t, s.UserAgent);
    if (
      await confirm({
        title: t('account:sessions.confirmOneTitle', { device }),
        message: t('account:sessions.confirmOneText'),
        confirmText: t('account:sessions.signOut'),
      })
    )
      await run(() => endOne.mutateAsync(s.Id));
  };
  const signOutOthers = async () => {
    if (
      await confirm({
        title: t('account:sessions.confirmOthersTitle'),
        message: t('account:sessions.confirmOthersText'),
        confirmText: t('account:sessions.signOutOthers'),
      })
    )
      await run(() => endOthers.mutateAsync());
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('account:sessions.hint')}
      </Typography>
      {sessions.isPending ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {sessions.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
              {t('common:retry')}
            </Button>
          }
        >
          {t('account:sessions.loadFailed')}
        </Alert>
      ) : null}
      {items.length > 0 ? (
        <VirtualList
          items={items}
          label={t('account:sessions.list')}
          estimateSize={60}
          listTestId="sessions"
          renderItem={(s) => <SessionRow session={s} busy={busy} onEnd={(x) => void signOutOne(x)} />}
          sx={{ maxHeight: 420 }}
        />
      ) : null}
      {sessions.isSuccess && others === 0 ? (
        <Typography variant="body2">{t('account:sessions.onlyThis')}</Typography>
      ) : null}
      <Box>
        <Button
          variant="outlined"
          color="warning"
          disabled={busy || others === 0}
          onClick={() => void signOutOthers()}
        >
          {t('account:sessions.signOutOthers')}
        </Button>
      </Box>
    </Box>
  );
}
