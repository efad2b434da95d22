import { FIELD_MESSAGES, requiredLine, SNACKBAR_CREATE_MS } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, methodOfCall } from '../../lib/api/client.ts';
import type { ErrorLog } from '../../lib/api/notices.ts';
import { useTextField, useZodForm } from '../../lib/forms/zod-form.ts';
import { FormDialog } from '../form-dialog/index.ts';
import { useSendSupportTicket } from './api.ts';
import { useSnackbar } from './context.ts';

/** The ticket's fields with the contract's rules and messages (as its supportTicket call checks them). */
const TicketInput = z.object({
  Subject: requiredLine(200),
  OptionalMessage: z.string().max(4000, FIELD_MESSAGES.max(4000)),
  CCMe: z.boolean(),
});

/** The failed call named in the default subject 'Error in {method}'; null when unknown. */
function failedMethodOf(log?: ErrorLog): string | null {
  const route = log?.Route?.split('?')[0] ?? '';
  return [log?.Method, route].filter(Boolean).join(' ') || null;
}

/** The support-ticket dialog opened from an error snackbar (001 §3 support ticket, 002 §7.19). */
export function SupportTicketDialog({
  errorLog,
  onClose,
}: {
  errorLog: ErrorLog | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('feedback');
  const snackbar = useSnackbar();
  const [log, setLog] = useState(errorLog);
  const form = useZodForm(TicketInput, {
    Subject: t('ticket_default_subject', { method: failedMethodOf(errorLog) ?? t('unknown_method') }),
    OptionalMessage: '',
    CCMe: false,
  });
  const textField = useTextField(form);
  const send = useSendSupportTicket();

  // A call that failed before its method could be looked up (the later calls not loaded, offline):
  // the ticket names its real method once they load, and so does the subject while it is untouched.
  useEffect(() => {
    if (!errorLog || errorLog.Method) return;
    let open = true;
    void methodOfCall(errorLog.Route).then((method) => {
      if (!open || !method) return;
      const known = { ...errorLog, Method: method };
      setLog(known);
      if (!form.getFieldState('Subject').isDirty)
        form.setValue('Subject', t('ticket_default_subject', { method: failedMethodOf(known) }));
    });
    return () => {
      open = false;
    };
  }, [errorLog, form, t]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, ErrorLogg: log });
      snackbar.show({ text: t('ticket_sent'), severity: 'success', durationMs: SNACKBAR_CREATE_MS });
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err; // the client has shown the failure; the dialog stays open
    }
  });

  return (
    <FormDialog
      title={t('ticket_title')}
      submitLabel={t('ticket_send')}
      cancelLabel={t('cancel')}
      pending={send.isPending}
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField {...textField('Subject')} label={t('ticket_subject')} required autoFocus margin="dense" />
      <TextField {...textField('OptionalMessage')} label={t('ticket_message')} multiline minRows={3} />
      <Controller
        name="CCMe"
        control={form.control}
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('ticket_cc_me')}
          />
        )}
      />
      {log && (
        <Box component="details">
          <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
            {t('ticket_details')}
          </Typography>
          <Box
            component="dl"
            sx={{
              fontFamily: 'monospace',
              fontSize: 12,
              m: 0,
              mt: 1,
              maxHeight: 200,
              overflow: 'auto',
              '& dt': { fontWeight: 600 },
              '& dd': { m: 0, mb: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
            }}
          >
            {(['Route', 'Method', 'Input', 'Response'] as const).map((k) => (
              <Box key={k} component="div">
                <dt>{t(`ticket_${k.toLowerCase()}`)}</dt>
                <dd>{log[k] || '—'}</dd>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </FormDialog>
  );
}
