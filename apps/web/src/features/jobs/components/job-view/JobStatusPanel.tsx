import { isSettableStatus, JOB_STATUS } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignatureDialog } from '../../../../components/signature/SignatureDialog.tsx';
import { useCan } from '../../../../lib/use-can.ts';
import {
  useChangeJobStatus,
  useJobStatuses,
  useJobSubStatuses,
  useSaveJobSignature,
} from '../../api/job-view.ts';
import type { Job } from '../../api/jobs.ts';
import { CommitSelect } from './CommitSelect.tsx';

/**
 * The job's status and sub-status (Job/{id}/ChangeStatus): the statuses below 70 may be chosen
 * (approving, closing and deleting have their own actions; completing needs Job.Complete); a new
 * status clears the sub-status. Read-only for those not allowed to edit, and on a closed job. The
 * customer's signature (decision 090) is taken with its button, and offered once the job is completed.
 */
export function JobStatusPanel({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const { t } = useTranslation('jobs');
  const canComplete = useCan('Job.Complete');
  const statuses = useJobStatuses();
  const subStatuses = useJobSubStatuses(job.JobStatusId);
  const change = useChangeJobStatus(job.Id);
  const sign = useSaveJobSignature(job.Id, t('jobView.signedNotice'));
  const [signing, setSigning] = useState(false);
  const options = (statuses.data ?? [])
    .filter(
      (s) =>
        s.Id === job.JobStatusId ||
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
          value={job.JobStatusId}
          options={options}
          required
          readOnly={!canEdit}
          onCommit={async (statusId) => {
            await change.mutateAsync({ statusId: statusId!, subStatusId: null });
            if (statusId === JOB_STATUS.Completed) setSigning(true);
          }}
        />
        <CommitSelect
          id="job-sub-status"
          field="JobSubStatusId"
          label={t('jobView.subStatus')}
          value={job.JobSubStatusId}
          options={subStatuses.data}
          noneLabel={t('jobView.noSubStatus')}
          readOnly={!canEdit}
          onCommit={(subStatusId) => change.mutateAsync({ statusId: job.JobStatusId, subStatusId })}
        />
      </Box>
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
              await sign.mutateAsync(signature);
              setSigning(false);
            }}
          />
        </>
      )}
    </Paper>
  );
}
