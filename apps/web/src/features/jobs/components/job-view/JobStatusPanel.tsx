import { isSettableStatus, JOB_STATUS } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignatureDialog } from '../../../../components/signature/SignatureDialog.tsx';
import type { JobStatusInput } from '../../../../lib/outbox/inputs.ts';
import { useCan } from '../../../../lib/use-can.ts';
import {
  useAppliedJobStatus,
  useChangeJobStatus,
  useJobStatuses,
  useJobSubStatuses,
  useSaveJobSignature,
} from '../../api/job-view.ts';
import type { Job } from '../../api/jobs.ts';
import { PendingChanges, useJobCommands } from '../outbox/PendingChanges.tsx';
import { CommitSelect } from './CommitSelect.tsx';

const STATUS_KINDS = new Set(['jobStatus', 'jobSignature']);

/**
 * The job's status and sub-status (Job/{id}/ChangeStatus): the statuses below 70 may be chosen
 * (approving, closing and deleting have their own actions; completing needs Job.Complete); a new
 * status clears the sub-status. Read-only for those not allowed to edit, and on a closed job. The
 * customer's signature (decision 090) is taken with its button, and offered once the job is completed.
 * Both go through the outbox like Today's (decision 095): the change shows at once, marked "Waiting to
 * send" until the server has it; a conflict or refusal shows under the selects to settle.
 */
export function JobStatusPanel({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const { t } = useTranslation('jobs');
  const canComplete = useCan('Job.Complete');
  const statuses = useJobStatuses();
  const { commands } = useJobCommands(job.Id, (c) => STATUS_KINDS.has(c.kind));
  useAppliedJobStatus(job.Id);
  // The technician's own status not yet applied shows as the job's (optimistic).
  const pending = commands.filter((c) => c.kind === 'jobStatus').at(-1)?.input as JobStatusInput | undefined;
  const statusId = pending?.statusId ?? job.JobStatusId;
  const subStatusId = pending ? pending.subStatusId : job.JobSubStatusId;
  const subStatuses = useJobSubStatuses(statusId);
  const change = useChangeJobStatus(job.Id);
  const sign = useSaveJobSignature(job.Id, t('jobView.signedNotice'), t('jobView.signTitle'));
  const [signing, setSigning] = useState(false);
  const nameOf = (id: number, subId: number | null) =>
    [
      statuses.data?.find((s) => s.Id === id)?.Name ?? String(id),
      subId === null ? null : subStatuses.data?.find((s) => s.Id === subId)?.Name,
    ]
      .filter(Boolean)
      .join(' · ');
  const setStatus = (id: number, subId: number | null) =>
    change.mutateAsync({
      statusId: id,
      subStatusId: subId,
      label: nameOf(id, subId),
      rowVersion: job.RowVersion,
      // A refused status change is corrected by choosing again: sent again in its place.
      replaces: commands.find((c) => c.kind === 'jobStatus' && c.state === 'refused')?.key,
    });
  const options = (statuses.data ?? [])
    .filter(
      (s) =>
        s.Id === job.JobStatusId ||
        s.Id === statusId ||
        (isSettableStatus(s.Id) && (s.Id !== JOB_STATUS.Completed || canComplete)),
    )
    .map((s) => ({ Id: s.Id, Name: s.Name }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="job-status-heading">
      <Typography variant="subtitle2" component="h3" id="job-status-heading" gutterBottom>
        {t('jobView.statusSection')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 640 }}>
        <CommitSelect
          id="job-status"
          field="jobStatusId"
          label={t('jobView.status')}
          value={statusId}
          options={options}
          required
          readOnly={!canEdit}
          onCommit={async (next) => {
            await setStatus(next!, null);
            if (next === JOB_STATUS.Completed) setSigning(true);
          }}
        />
        <CommitSelect
          id="job-sub-status"
          field="JobSubStatusId"
          label={t('jobView.subStatus')}
          value={subStatusId}
          options={subStatuses.data}
          noneLabel={t('jobView.noSubStatus')}
          readOnly={!canEdit}
          onCommit={(next) => setStatus(statusId, next)}
        />
      </Box>
      <PendingChanges commands={commands} testId="pending-status" />
      {canEdit && (
        <>
          <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setSigning(true)}>
            {t('jobView.sign')}
          </Button>
          <SignatureDialog
            open={signing}
            title={t('jobView.signTitle')}
            onClose={() => setSigning(false)}
            onDone={async (signature) => {
              await sign.mutateAsync({ ...signature, rowVersion: job.RowVersion });
              setSigning(false);
            }}
          />
        </>
      )}
    </Paper>
  );
}
