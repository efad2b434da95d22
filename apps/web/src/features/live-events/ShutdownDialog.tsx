import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/**
 * The server is stopping (002 §4): a dialog that cannot be dismissed — no close button and no onClose,
 * so Escape and clicks outside do nothing. The page reloads when the connection is back (live-client.ts).
 */
export default function ShutdownDialog({ message }: { message: string }) {
  const { t } = useTranslation('shell');
  return (
    <Dialog open aria-labelledby="shutdown-title">
      <DialogTitle id="shutdown-title">{t('live.shutdownTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <CircularProgress size={24} aria-label={t('live.waiting')} />
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
    </Dialog>
  );
}
