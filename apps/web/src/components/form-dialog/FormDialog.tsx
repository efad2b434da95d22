import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, type ReactNode, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The first field a user types in: focused when the dialog opens and nothing in it has focus yet (not a picker). */
const TYPED = ':not([disabled]):not([readonly]):not([aria-hidden=true]):not([tabindex="-1"])';
const FIRST_FIELD = `input:not([type=hidden]):not([type=checkbox]):not([type=radio])${TYPED}, textarea${TYPED}`;

interface FormDialogProps {
  /** Whether the dialog shows (a dialog mounted only while open leaves it out). */
  open?: boolean;
  /** The dialog's title, which is also its accessible name. */
  title: ReactNode;
  /** The submit button's text. */
  submitLabel: ReactNode;
  /** The cancel button's text; the common 'Cancel' when left out. */
  cancelLabel?: ReactNode;
  /** Called on submit (the button, or Enter in a field); the page does not reload. */
  onSubmit(event: FormEvent<HTMLFormElement>): unknown;
  /** Cancel, Escape and a click outside call this (not while pending when `lockWhilePending`). */
  onClose(): void;
  /** The change is under way: the submit button shows it and does not submit again. */
  pending?: boolean;
  /** While pending the dialog cannot be closed and Cancel is disabled. */
  lockWhilePending?: boolean;
  /** The server's refusal (or another message) shown under the fields, as an alert. */
  message?: ReactNode;
  messageTestId?: string;
  submitDisabled?: boolean;
  /** Only to read: no submit button (Cancel then usually says 'Close'). */
  viewOnly?: boolean;
  submitTestId?: string;
  /** More actions, shown before Cancel. */
  extraActions?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  fullWidth?: boolean;
  /** Full screen on a phone-sized window. */
  fullScreenOnPhone?: boolean;
  /** Focus the first field when the dialog opens (default), unless a field has `autoFocus`. */
  focusFirstField?: boolean;
  contentSx?: SxProps<Theme>;
  dividers?: boolean;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * The one frame of a dialog with a form (code-style "Web"): the title as the dialog's name, a form
 * that Enter submits and that does not reload the page, the fields, an optional message, Cancel and
 * the submit button with its pending state. Escape closes it; the first field has the focus.
 */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const locked = !!props.pending && !!props.lockWhilePending;
  const focusFirst = props.focusFirstField !== false;
  const formRef = useCallback(
    (form: HTMLFormElement | null) => {
      if (!form || !focusFirst || form.contains(document.activeElement)) return;
      const first = form.querySelector<HTMLElement>(FIRST_FIELD);
      // A picker opens its list on focus: the user opens it, not the dialog.
      if (first?.getAttribute('role') !== 'combobox') first?.focus();
    },
    [focusFirst],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (props.pending) return;
    void props.onSubmit(event);
  }

  return (
    <Dialog
      open={props.open ?? true}
      onClose={locked ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth={props.maxWidth ?? 'sm'}
      fullWidth={props.fullWidth ?? true}
      fullScreen={!!props.fullScreenOnPhone && phone}
      data-testid={props['data-testid']}
    >
      <Box
        component="form"
        ref={formRef}
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent dividers={props.dividers} sx={props.contentSx}>
          {props.children}
          {props.message ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid={props.messageTestId}>
              {props.message}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          {props.extraActions}
          <Button onClick={props.onClose} disabled={locked}>
            {props.cancelLabel ?? t('cancel')}
          </Button>
          {props.viewOnly ? null : (
            <Button
              type="submit"
              variant="contained"
              loading={props.pending}
              disabled={props.submitDisabled}
              data-testid={props.submitTestId}
            >
              {props.submitLabel}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
