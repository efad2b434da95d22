import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { legacyAddressOf } from '../../../lib/routing/legacy.ts';
import { getRoute } from '../../../lib/routing/routes.ts';
import { useSession } from '../../../lib/session.tsx';

/**
 * The global setting ShowNewTimeReport (001 §3) off: the office is told the company uses the classic
 * time report, with a link to it on the old site (not in hosted mode, where there is none). The new
 * report stays below, since the hours it shows are the same.
 */
export function ClassicNotice() {
  const { t } = useTranslation('timereport');
  const { info } = useSession();
  if (!info || info.GlobalSettings.ShowNewTimeReport) return null;
  const legacy = info.GlobalSettings.IsSaasMode ? null : legacyAddressOf(getRoute('TimeReport'));
  return (
    <Alert severity="info" data-testid="classic-notice">
      {t('office.classic')}{' '}
      {legacy && (
        <Link component={RouterLink} to={pathFor('OldSite', {}, { page: legacy })}>
          {t('office.openClassic')}
        </Link>
      )}
    </Alert>
  );
}
