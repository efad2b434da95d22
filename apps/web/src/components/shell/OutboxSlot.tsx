import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../lib/outbox/state.ts';
import { CountBadge } from './CountBadge.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';

/** The header's count of changes not yet sent from this device (decision 075); nothing when there are none. */
export function OutboxSlot() {
  const { t } = useTranslation('shell');
  const { userId, commands } = useOutbox();
  if (userId === null || commands.length === 0) return null;
  const label = t('outbox.pending', { count: commands.length });
  return (
    <LazyTooltip title={label}>
      <Box
        role="status"
        aria-label={label}
        tabIndex={0}
        data-testid="outbox-count"
        sx={{ display: 'flex', p: 1 }}
      >
        <CountBadge count={commands.length} max={99}>
          <CloudUpload fontSize="small" />
        </CountBadge>
      </Box>
    </LazyTooltip>
  );
}

/** The offline banner under the header, for users whose changes wait on the device. */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const { userId, online } = useOutbox();
  if (userId === null || online) return null;
  return (
    <Box
      role="status"
      data-testid="offline-banner"
      sx={{
        px: 2,
        py: 0.75,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        fontSize: 14,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {t('outbox.offline')}
    </Box>
  );
}
