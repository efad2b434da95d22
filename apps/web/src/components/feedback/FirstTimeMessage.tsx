import { FIRST_TIME_MESSAGE_VERSION, isCustomerType, UserType } from '@fieldport/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevice } from '../../lib/device.ts';
import { SessionContext } from '../../lib/session.tsx';
import { useRememberFirstTime } from '../shell/api.ts';

/**
 * What the message says, by who reads it and where (issue 35): the office's menu and search; a
 * technician's My page, or on a phone Today and the installable app; a customer's jobs and machines;
 * a partner's pages.
 */
function bodyKey(userTypeId: number | undefined, phone: boolean): string {
  if (userTypeId === UserType.Technician || userTypeId === UserType.Subcontractor)
    return phone ? 'first_time_technician_phone' : 'first_time_technician';
  if (userTypeId !== undefined && isCustomerType(userTypeId)) return 'first_time_customer';
  if (userTypeId === UserType.Partner) return 'first_time_partner';
  return 'first_time_office';
}

/**
 * The first-time message (001 §2.2), shown once per version (FIRST_TIME_MESSAGE_VERSION): put away with
 * Got it, Enter or Escape, it is remembered with the user on the server (User/MyAccount's
 * FirstTimeMessageSeen, decision 074), so another browser or phone does not show it again. Whoever
 * mounts it decides that it is due (the shell: the user info's FirstTimeMessageSeen; Site settings:
 * asked for once more).
 */
export function FirstTimeMessage() {
  const { t } = useTranslation('feedback');
  const titleId = useId();
  const session = useContext(SessionContext);
  const info = session?.info;
  const phone = useDevice() === 'phone';
  const remember = useRememberFirstTime();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const dismiss = () => {
    setOpen(false);
    // Read back, so the user info this page (and its stored copy, opened offline) holds says so too.
    remember.mutate(FIRST_TIME_MESSAGE_VERSION, { onSuccess: () => void session?.refreshInfo() });
  };
  return (
    <Dialog
      open
      onClose={dismiss}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        dismiss();
      }}
    >
      <DialogTitle id={titleId}>{t('first_time_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-line' }} data-testid="first-time-body">
          {t(bodyKey(info?.UserInfo.UserTypeId, phone))}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{t('first_time_help')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={dismiss} autoFocus>
          {t('got_it')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
