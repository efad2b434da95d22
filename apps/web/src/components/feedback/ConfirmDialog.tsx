import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './context.ts';

/**
 * The global confirm dialog (001 §2.2): title, message, cancel, optional conditional confirm, confirm,
 * optional 'don't remind me'. Resolves through onDone(confirmed, remember).
 */
export function ConfirmDialog({
  opts,
  onDone,
}: {
  opts: ConfirmOptions;
  onDone: (confirmed: boolean, remember: boolean) => void;
}) {
  const { t } = useTranslation('feedback');
  const titleId = useId();
  const messageId = useId();
  const [conditionMet, setConditionMet] = useState(false);
  const [remember, setRemember] = useState(false);
  const needsCondition = !!opts.conditionalConfirmText;

  return (
    <Dialog
      open
      onClose={() => onDone(false, false)}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{opts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ whiteSpace: 'pre-line' }}>
          {opts.message}
        </DialogContentText>
        {needsCondition && (
          <FormControlLabel
            sx={{ mt: 1, display: 'flex' }}
            control={<Checkbox checked={conditionMet} onChange={(e) => setConditionMet(e.target.checked)} />}
            label={opts.conditionalConfirmText}
          />
        )}
        {opts.rememberKey && (
          <FormControlLabel
            sx={{ mt: needsCondition ? 0 : 1, display: 'flex' }}
            control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
            label={t('dont_remind')}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone(false, false)}>{opts.cancelText ?? t('cancel')}</Button>
        <Button
          variant="contained"
          autoFocus
          disabled={needsCondition && !conditionMet}
          onClick={() => onDone(true, remember)}
        >
          {opts.confirmText ?? t('confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
