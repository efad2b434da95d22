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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../../components/commit-field/CommitField.tsx';
import { useConfirm } from '../../../../components/feedback/index.ts';
import { apiMessage, isStaleRecord } from '../../../../lib/api/api-message.ts';
import { useFieldRules } from '../../../../lib/forms/rules.ts';
import { useFlagSubJob, useRemoveSubJob, useTransferSubJob } from '../../api/sub-jobs.ts';
import { PendingChanges } from '../outbox/PendingChanges.tsx';
import { FlagControl } from './FlagControl.tsx';
import { SubJobCodes } from './SubJobCodes.tsx';
import { TransferDialog } from './TransferDialog.tsx';
import { useSubJobSaves } from './use-sub-job-saves.ts';

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
  const { sub, commands, save, saveComment } = useSubJobSaves(jobId, props.sub);
  const rules = useFieldRules();
  const confirm = useConfirm();
  const client = useQueryClient();
  const flag = useFlagSubJob(jobId);
  const remove = useRemoveSubJob(jobId);
  const transfer = useTransferSubJob(jobId);
  const [moving, setMoving] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const title = subJobTitle(sub);
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
