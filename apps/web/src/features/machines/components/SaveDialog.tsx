import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isCancelled } from '../../../lib/api/client.ts';

/**
 * The failure of a dialog's one change: `run` clears it, runs the mutation and keeps the server's
 * message (or `fallback`) when it is refused, so the dialog stays open with it (002 §8).
 */
export function useSaveFailure(fallback: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (save: () => Promise<void>) => {
    setFailure(null);
    try {
      await save();
    } catch (err) {
      if (isCancelled(err)) return;
      setFailure((err instanceof ApiError && err.body?.Message) || fallback);
    }
  };
  return { failure, clear: () => setFailure(null), run };
}

/**
 * A machine dialog that saves one change: full screen on phones, not closable while saving, its
 * fields, the failure under them, Cancel and the submit button.
 */
export function SaveDialog(props: {
  titleId: string;
  title: string;
  submitLabel: string;
  saving: boolean;
  failure: string | null;
  failureTestId?: string;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={props.saving ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={props.titleId}
    >
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
          {props.failure ? (
            <Alert severity="error" role="alert" data-testid={props.failureTestId}>
              {props.failure}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.saving}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={props.onSubmit} loading={props.saving}>
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
