import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../i18n/dates.ts';
import { useDeviceOnline, useDeviceStoreFull, useStoredAsOf } from './status.ts';

/**
 * How fresh a screen's data is when it shows what the device kept (decision 094): "As of 08:12" (with
 * the date when it was read on an earlier day), and nothing while it reads the server. `keys` are the
 * store keys the screen reads; `readAt`, when the screen's own answer was read (the device went offline
 * with the screen open: what it shows is that read's, said while offline).
 */
export function StoredAsOf({ keys, readAt }: { keys: readonly string[]; readAt?: number }) {
  const { t } = useTranslation('shell');
  const stored = useStoredAsOf(keys);
  const online = useDeviceOnline();
  const asOf = stored ?? (!online && readAt ? readAt : null);
  if (asOf === null) return null;
  const sameDay = dayjs(asOf).isSame(dayjs(), 'day');
  return (
    <Typography variant="body2" color="text.secondary" role="status" data-testid="stored-as-of">
      {t('deviceStore.asOf', { time: sameDay ? formatTime(asOf) : formatDateTime(asOf) })}
    </Typography>
  );
}

/** The device store is full: the nearest visits are kept, the rest needs the network. */
export function DeviceStoreFull() {
  const { t } = useTranslation('shell');
  if (!useDeviceStoreFull()) return null;
  return (
    <Alert severity="warning" data-testid="device-store-full">
      {t('deviceStore.full')}
    </Alert>
  );
}
