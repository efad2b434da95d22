import { FIRST_TIME_MESSAGE_VERSION } from '@fieldport/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_TIME_KEY } from './context.ts';

function seenVersion(): number {
  try {
    return Number(localStorage.getItem(FIRST_TIME_KEY) ?? 0) || 0;
  } catch {
    return FIRST_TIME_MESSAGE_VERSION; // no storage: do not nag on every load
  }
}

/** Forgets that the first-time message was seen, so it shows again (Site settings). */
export function forgetFirstTimeMessage(): void {
  try {
    localStorage.removeItem(FIRST_TIME_KEY);
  } catch {
    // storage unavailable: the message shows this once only
  }
}

/** A message shown once per version (FIRST_TIME_MESSAGE_VERSION), remembered in localStorage (001 §2.2). */
export function FirstTimeMessage({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation('feedback');
  const titleId = useId();
  const [open, setOpen] = useState(() => seenVersion() < FIRST_TIME_MESSAGE_VERSION);
  if (!open) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(FIRST_TIME_KEY, String(FIRST_TIME_MESSAGE_VERSION));
    } catch {
      // storage unavailable
    }
    setOpen(false);
  };
  return (
    <Dialog open onClose={dismiss} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title ?? t('first_time_title')}</DialogTitle>
      <DialogContent>
        {children ?? (
          <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{t('first_time_body')}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={dismiss} autoFocus>
          {t('got_it')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
