import type { SubJob } from '@fieldport/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../../components/commit-field/CommitField.tsx';
import { useConfirm } from '../../../../components/feedback/index.ts';
import { apiMessage, isStaleRecord } from '../../../../lib/api/api-message.ts';
import { useFieldRules } from '../../../../lib/forms/rules.ts';
import type { SubJobCommentField, SubJobCommentInput } from '../../../../lib/outbox/inputs.ts';
import type { OutboxCommand } from '../../../../lib/outbox/outbox.ts';
import {
  useChangeSubJob,
  useChangeSubJobComment,
  useFlagSubJob,
  useLatestSubJob,
  useRemoveSubJob,
  useTransferSubJob,
} from '../../api/sub-jobs.ts';
import { PendingChanges, useJobCommands } from '../outbox/PendingChanges.tsx';
import { FlagControl } from './FlagControl.tsx';
import { SubJobCodes } from './SubJobCodes.tsx';
import { changeBody } from './sub-job-rules.ts';
import { TransferDialog } from './TransferDialog.tsx';

/** 'L1 · Pump NK 80 (SN-5)': order id, machine name and serial number. */
const subJobTitle = (s: SubJob) =>
  `${s.OrderId ? `${s.OrderId} · ` : ''}${s.MachineName}${s.Machine?.SerialNumber ? ` (${s.Machine.SerialNumber})` : ''}`;

/**
 * One saved machine sub-job: its comments commit on blur against its row version (a concurrent change
 * shows the sync warning), its codes save when chosen, its flag when pressed; it can be moved to
 * another machine of the customer or removed after confirmation. Read-only unless `canEdit`.
 */
export function SubJobRow(props: {
  jobId: number;
  customerId: number | null;
  sub: SubJob;
  canEdit: boolean;
}) {
  const { t } = useTranslation('jobs');
  const { canEdit, jobId } = props;
  const { commands } = useJobCommands(
    jobId,
    (c) => c.kind === 'subJobComment' && commentOf(c).subJobId === props.sub.Id,
  );
  // The sub-job as the technician sees it: with their comments still on the device (decision 099).
  const sub = withWaitingComments(props.sub, commands);
  const rules = useFieldRules();
  const confirm = useConfirm();
  const client = useQueryClient();
  const change = useChangeSubJob(jobId);
  const changeComment = useChangeSubJobComment(jobId);
  const flag = useFlagSubJob(jobId);
  const remove = useRemoveSubJob(jobId);
  const transfer = useTransferSubJob(jobId);
  const [moving, setMoving] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const title = subJobTitle(sub);
  const latest = useLatestSubJob(jobId);
  // One change at a time, each on the row version the one before answered with (a comment left for a
  // code at once would otherwise send the same version twice and be refused as stale).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = (c: Partial<SubJob>) => {
    const run = queue.current.then(() =>
      change.mutateAsync({ id: sub.Id, body: changeBody(latest(sub.Id) ?? sub, c) }),
    );
    queue.current = run.catch(() => undefined);
    return run;
  };
  // A comment goes through the outbox, on the sub-job with the comments still waiting on the device.
  const saveComment = (field: SubJobCommentField, text: string) => {
    const run = queue.current.then(() => {
      const base = withWaitingComments(latest(sub.Id) ?? props.sub, commands);
      const name = t(COMMENT_NAMES[field]);
      return changeComment.mutateAsync({
        id: sub.Id,
        body: changeBody(base, { [field]: text }),
        field,
        name,
      });
    });
    queue.current = run.catch(() => undefined);
    return run;
  };
  const p = `sub-job-${sub.Id}`;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid={p} component="li">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          component="h4"
          variant="subtitle1"
          sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <FlagControl
          flag={sub.Flag}
          name={title}
          readOnly={!canEdit}
          onChange={(value) => {
            if (!flag.isPending) flag.mutate({ id: sub.Id, value });
          }}
        />
        {canEdit && props.customerId !== null ? (
          <Tooltip title={t('subJobs.transfer')}>
            <IconButton
              aria-label={t('subJobs.transferNamed', { name: title })}
              onClick={() => setMoving(true)}
            >
              <SwapHoriz />
            </IconButton>
          </Tooltip>
        ) : null}
        {canEdit ? (
          <Tooltip title={t('subJobs.remove')}>
            <IconButton
              aria-label={t('subJobs.removeNamed', { name: title })}
              onClick={async () => {
                if (remove.isPending) return;
                const ok = await confirm({
                  title: t('subJobs.removeTitle'),
                  message: t('subJobs.removeMessage', { name: title }),
                  confirmText: t('subJobs.remove'),
                });
                if (ok) await remove.mutateAsync(sub.Id).catch(() => undefined);
              }}
            >
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <Box sx={{ mt: 1.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <CommitField
            version={sub.RowVersion}
            name="CustomerComment"
            label={t('subJobs.customerComment')}
            value={sub.CustomerComment}
            required
            readOnly={!canEdit}
            validate={rules.text(4000, { required: true })}
            onCommit={(text) => saveComment('CustomerComment', text)}
          />
        </Box>
        <CommitField
          version={sub.RowVersion}
          name="TechnicianComment"
          label={t('subJobs.technicianComment')}
          value={sub.TechnicianComment}
          readOnly={!canEdit}
          validate={rules.text(4000)}
          onCommit={(text) => saveComment('TechnicianComment', text)}
        />
        <CommitField
          version={sub.RowVersion}
          name="InvoiceComment"
          label={t('subJobs.invoiceComment')}
          value={sub.InvoiceComment}
          readOnly={!canEdit}
          validate={rules.text(4000)}
          onCommit={(text) => saveComment('InvoiceComment', text)}
        />
        <SubJobCodes
          idPrefix={p}
          values={sub}
          readOnly={!canEdit}
          onChange={(name, value) => {
            setCodeError(null);
            save({ [name]: value }).catch((err: unknown) => {
              setCodeError(apiMessage(err, name) ?? t('subJobs.saveFailed'));
              // Changed by someone else meanwhile: read it again, so the next choice is on the new version.
              if (isStaleRecord(err)) void client.invalidateQueries({ queryKey: ['jobs', 'subjobs', jobId] });
            });
          }}
        />
        {codeError ? (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {codeError}
          </Alert>
        ) : null}
      </Box>
      <PendingChanges commands={commands} testId={`pending-sub-job-${sub.Id}`} />
      {moving && props.customerId !== null ? (
        <TransferDialog
          customerId={props.customerId}
          machineId={sub.MachineId}
          name={title}
          busy={transfer.isPending}
          onClose={() => setMoving(false)}
          onMove={(machineId) =>
            transfer
              .mutateAsync({ id: sub.Id, machineId })
              .then(() => setMoving(false))
              .catch(() => undefined)
          }
        />
      ) : null}
    </Paper>
  );
}

const COMMENT_NAMES = {
  CustomerComment: 'subJobs.customerComment',
  TechnicianComment: 'subJobs.technicianComment',
  InvoiceComment: 'subJobs.invoiceComment',
} as const;

const commentOf = (c: OutboxCommand) => c.input as SubJobCommentInput;

/** The sub-job with the comments of its commands still waiting (or sending) applied, oldest first. */
function withWaitingComments(sub: SubJob, commands: readonly OutboxCommand[]): SubJob {
  return commands
    .filter((c) => c.state === 'waiting' || c.state === 'sending')
    .reduce((s, c) => {
      const { field, body } = commentOf(c);
      return { ...s, [field]: body[field] ?? '' };
    }, sub);
}
