import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useLiveState } from '../../lib/live-state.ts';
import { LazyTooltip } from './LazyTooltip.tsx';

/**
 * The live-event connection in the header (002 §7.22: 'Connected' shows as a connected icon). Loaded by
 * ConnectionSlot once the live client starts, so its icons are not part of the first page.
 */
export default function ConnectionIcon() {
  const { t } = useTranslation('shell');
  const { connection } = useLiveState();
  if (connection === 'off') return null;
  const connected = connection === 'connected';
  const label = t(
    connected ? 'live.connected' : connection === 'connecting' ? 'live.connecting' : 'live.disconnected',
  );
  return (
    <LazyTooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        tabIndex={0}
        data-testid="live-connection"
        data-state={connection}
        sx={{ display: 'flex', p: 1, color: connected ? 'inherit' : 'warning.main' }}
      >
        {connected ? <CloudDone fontSize="small" /> : <CloudOff fontSize="small" />}
      </Box>
    </LazyTooltip>
  );
}
