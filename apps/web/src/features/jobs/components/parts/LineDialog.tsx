import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEventHandler, type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiMessage } from '../../../../lib/api/api-message.ts';
import { showServerErrors } from '../../../../lib/forms/zod-form.ts';
import type { CommandKindName } from '../../../../lib/outbox/inputs.ts';
import type { CommandEdit, OutboxCommand } from '../../../../lib/outbox/outbox.ts';
import { CommandRefused, useOutbox } from '../../../../lib/outbox/state.ts';
import type { Job } from '../../api/jobs.ts';
import { useResubmitLine } from '../../api/parts.ts';
import { partsPathOf } from './PartsTab.tsx';

/** Leaving a part or time dialog: back to the parts tab, replacing the dialog's route. */
export function useCloseLineDialog() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => navigate(partsPathOf(pathname), { replace: true });
}

/**
 * The refused command a line dialog corrects (its `?command=` key, decision 095), of one of `kinds`;
 * null when the dialog writes a new change. `onOpen` puts the command's values in the form once, when
 * the dialog opens on it; `send` sends the corrected change in its place. Refused again, the command has
 * a new key, which the dialog then follows.
 */
export function useCommandToEdit(
  jobId: number,
  kinds: readonly CommandKindName[],
  onOpen: (first: OutboxCommand) => void,
) {
  const [params] = useSearchParams();
  const [key, setKey] = useState(params.get('command'));
  const { commands } = useOutbox();
  const command = commands.find((c) => c.key === key && c.state === 'refused' && kinds.includes(c.kind));
  // The command's first state, for the form's values: it does not change while the dialog is open.
  const [firstState] = useState<OutboxCommand | null>(command ?? null);
  const first = command ? firstState : null;
  const resubmit = useResubmitLine(jobId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens on the command
  useEffect(() => {
    if (first) onOpen(first);
  }, [first]);
  const send = (change: CommandEdit) =>
    resubmit.mutateAsync({ key: command!.key, change }).catch((err: unknown) => {
      if (err instanceof CommandRefused && err.command) setKey(err.command.key);
      throw err;
    });
  return { command: command ?? null, first, send, busy: resubmit.isPending };
}

/**
 * Saving a part or time line: `write` runs; done, the dialog closes; refused, the server's field
 * messages go on their fields and its message shows in the dialog.
 */
export function useLineSave<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  fieldOf: (wireName: string) => Path<T> | null,
  onDone: () => void,
) {
  const { t } = useTranslation('orders');
  const [refusal, setRefusal] = useState<string | null>(null);
  const show = (err: unknown) => {
    showServerErrors(form, err, fieldOf);
    setRefusal(apiMessage(err) ?? t('failed'));
  };
  const run = async (write: () => Promise<unknown>) => {
    setRefusal(null);
    try {
      await write();
      onDone();
    } catch (err) {
      show(err);
    }
  };
  return { refusal, run, show };
}

/**
 * The frame of the part and time dialogs: the title with the machine job it is for, a spinner while
 * the line or its choices load, the fields, the server's refusal, and cancel and save.
 */
export function LineDialog(props: {
  /** 'part' or 'time': the dialog's and its controls' test ids. */
  kind: 'part' | 'time';
  title: string;
  job: Job;
  machineJobId: number;
  loading: boolean;
  refusal: string | null;
  busy: boolean;
  saveDisabled?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('orders');
  const titleId = useId();
  const sub = props.job.InverseParent.find((s) => s.Id === props.machineJobId);
  // On a phone the whole screen: the article lookup and three number fields do not fit a 390 px dialog.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      data-testid={`${props.kind}-dialog`}
    >
      <form onSubmit={props.onSubmit} noValidate>
        <DialogTitle id={titleId}>
          {props.title}
          {sub && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t('subJob', { name: sub.MachineName, orderId: sub.OrderId ?? '' })}
            </Typography>
          )}
        </DialogTitle>
        <DialogContent>
          {props.loading ? (
            <CircularProgress aria-label={t('loading')} />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {props.children}
              {props.refusal && (
                <Alert severity="warning" role="alert" data-testid={`${props.kind}-refusal`}>
                  {props.refusal}
                </Alert>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={props.busy || (props.saveDisabled ?? false)}
            data-testid={`${props.kind}-save`}
          >
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
