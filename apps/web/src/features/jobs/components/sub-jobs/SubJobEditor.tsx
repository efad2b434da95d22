import { isOpen } from '@fieldport/contract';
import Add from '@mui/icons-material/Add';
import SaveAlt from '@mui/icons-material/SaveAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../../lib/api/api-message.ts';
import { useFieldRules } from '../../../../lib/forms/rules.ts';
import { useSession } from '../../../../lib/session.tsx';
import { useCan } from '../../../../lib/use-can.ts';
import type { Job } from '../../api/jobs.ts';
import {
  type MachineLine,
  useAddSubJob,
  useBulkAddSubJobs,
  useSubJobCommentsApplied,
  useSubJobs,
} from '../../api/sub-jobs.ts';
import { MachinePickerDialog } from '../new-job/MachinePickerDialog.tsx';
import { machineLine } from '../new-job/new-job-form.ts';
import { type DraftSubJob, NewSubJobRow } from './NewSubJobRow.tsx';
import { SubJobRow } from './SubJobRow.tsx';
import { temporaryIds } from './sub-job-rules.ts';

/**
 * The job view's sub-job editor (000 §2, §3, 001 §2.8): the job's machine sub-jobs, each editable in
 * place; machines of the customer added through New job's machine picker as unsaved lines with a
 * temporary id from the current time (000 §4), saved one by one (add/parent) or all at once (BulkAdd).
 * Edits only for those allowed sub-job changes (Admin, Technician, Subcontractor) on an open job.
 */
export function SubJobEditor({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const { info } = useSession();
  const rules = useFieldRules();
  const required = rules.text(4000, { required: true });
  const canEdit = useCan('Job.SubJob') && isOpen(job.JobStatusId);
  const subs = useSubJobs(job.Id, job.InverseParent);
  const addOne = useAddSubJob(job.Id);
  const addMany = useBulkAddSubJobs(job.Id);
  useSubJobCommentsApplied(job.Id);
  const [drafts, setDrafts] = useState<DraftSubJob[]>([]);
  const [picking, setPicking] = useState(false);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const busy = addOne.isPending || addMany.isPending;

  const update = (tempId: number, next: Partial<DraftSubJob>) =>
    setDrafts((list) => list.map((d) => (d.tempId === tempId ? { ...d, ...next } : d)));
  const drop = (ids: number[]) => setDrafts((list) => list.filter((d) => !ids.includes(d.tempId)));
  /** Marks the lines without a customer comment; true when every line has one. */
  const checked = (list: DraftSubJob[]) => {
    let ok = true;
    for (const d of list) {
      const problem = required(d.line.CustomerComment);
      if (problem) ok = false;
      update(d.tempId, { problem });
    }
    return ok;
  };

  const saveOne = async (d: DraftSubJob) => {
    if (!checked([d])) return;
    try {
      await addOne.mutateAsync(trimmed(d.line));
      drop([d.tempId]);
    } catch (err) {
      update(d.tempId, { problem: apiMessage(err, 'CustomerComment') ?? t('subJobs.saveFailed') });
    }
  };
  const saveAll = async () => {
    setBulkError(null);
    if (!checked(drafts)) return;
    try {
      await addMany.mutateAsync(drafts.map((d) => trimmed(d.line)));
      drop(drafts.map((d) => d.tempId));
    } catch (err) {
      setBulkError(apiMessage(err) ?? t('subJobs.saveFailed'));
    }
  };

  const list = subs.data ?? [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      component="section"
      aria-labelledby="sub-jobs-title"
      data-testid="sub-job-editor"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="subtitle2" component="h3" id="sub-jobs-title" sx={{ flex: 1 }}>
          {t('subJobs.title')}
        </Typography>
        {canEdit && drafts.length > 1 ? (
          <Button
            startIcon={<SaveAlt />}
            variant="contained"
            onClick={() => void saveAll()}
            disabled={busy}
            data-testid="sub-jobs-save-all"
          >
            {t('subJobs.saveAll', { count: drafts.length })}
          </Button>
        ) : null}
        {canEdit && job.CustomerId !== null ? (
          <Button startIcon={<Add />} onClick={() => setPicking(true)} data-testid="sub-jobs-add">
            {t('subJobs.addMachines')}
          </Button>
        ) : null}
      </Box>
      {subs.isError ? <Alert severity="error">{t('subJobs.loadFailed')}</Alert> : null}
      {bulkError ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {bulkError}
        </Alert>
      ) : null}
      <Stack
        component="ul"
        spacing={2}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-labelledby="sub-jobs-title"
      >
        {list.map((s) => (
          <SubJobRow key={s.Id} jobId={job.Id} customerId={job.CustomerId} sub={s} canEdit={canEdit} />
        ))}
        {drafts.map((d) => (
          <NewSubJobRow
            key={d.tempId}
            draft={d}
            busy={busy}
            onChange={(line) => update(d.tempId, { line, problem: null })}
            onSave={() => void saveOne(d)}
            onDiscard={() => drop([d.tempId])}
          />
        ))}
      </Stack>
      {list.length === 0 && drafts.length === 0 && !subs.isError ? (
        <Typography color="text.secondary">{t('subJobs.empty')}</Typography>
      ) : null}
      {picking && job.CustomerId !== null ? (
        <MachinePickerDialog
          customerId={job.CustomerId}
          chosen={[]}
          onClose={() => setPicking(false)}
          onDone={(ids) => {
            setPicking(false);
            const category = info?.GlobalSettings.DefaultJobCategoryId;
            setDrafts((prev) => {
              const temp = temporaryIds(
                ids.length,
                Date.now(),
                prev.map((d) => d.tempId),
              );
              return [
                ...prev,
                ...ids.map((id, i) => ({ tempId: temp[i]!, line: machineLine(id, category) as MachineLine })),
              ];
            });
          }}
        />
      ) : null}
    </Paper>
  );
}

const trimmed = (line: MachineLine): MachineLine => ({
  ...line,
  CustomerComment: line.CustomerComment.trim(),
});
