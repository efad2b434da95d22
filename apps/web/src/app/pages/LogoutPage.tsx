import Logout from '@mui/icons-material/Logout';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../components/feedback/context.ts';
import { PageMessage } from '../../components/shell/PageMessage.tsx';
import { pendingCommands } from '../../lib/outbox/state.ts';
import { useSession } from '../../lib/session.tsx';
import { useSupportContact } from '../../lib/support.ts';

/**
 * /logout (001 §2.3): returns to Home with the user's e-mail as a query (so the sign-in form is filled
 * in), then signs out. The text tells the user to contact support if nothing happens.
 */
export default function LogoutPage() {
  const { t } = useTranslation('shell');
  const { info, signOut } = useSession();
  const navigate = useNavigate();
  const support = useSupportContact();
  const started = useRef(false);
  const email = info?.UserInfo.EmailAdress ?? '';

  const confirm = useConfirm();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      // Sign-out empties the device store (decision 075): with changes not yet sent, ask first.
      const waiting = pendingCommands();
      if (
        waiting > 0 &&
        !(await confirm({
          title: t('logout.pendingTitle'),
          message: t('logout.pending', { count: waiting }),
          confirmText: t('logout.pendingConfirm'),
        }))
      ) {
        navigate('/', { replace: true });
        return;
      }
      navigate(email ? `/?${new URLSearchParams({ email })}` : '/', { replace: true });
      // Signing out after the navigation has been applied, so the sign-in form opens with the e-mail.
      setTimeout(() => void signOut(), 0);
    })();
  }, [email, navigate, signOut, confirm, t]);

  return (
    <PageMessage testId="logout-page" icon={<Logout />} title={t('logout.title')}>
      <Typography>
        <Trans
          t={t}
          i18nKey="logout.stuck"
          values={{ email: support.email }}
          components={{ mail: <Link href={`mailto:${support.email}`} /> }}
        />
      </Typography>
    </PageMessage>
  );
}
