import { isOpen } from '@fieldport/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentActions } from '../../../../components/documents/api.ts';
import type { ChecklistAnswerInput } from '../../../../lib/outbox/inputs.ts';
import type { OutboxCommand } from '../../../../lib/outbox/outbox.ts';
import { useCan } from '../../../../lib/use-can.ts';
import {
  type ChecklistField,
  type ChecklistSummary,
  useActiveTemplates,
  useAnswerField,
  useChecklist,
  useChecklistAnswersApplied,
  useFollowUp,
  useJobChecklists,
  useStartChecklist,
} from '../../api/checklists.ts';
import type { Job } from '../../api/jobs.ts';
import { PendingChanges, useJobCommands } from '../outbox/PendingChanges.tsx';
import { ChecklistFieldRow } from './ChecklistFieldRow.tsx';

/** The job view's checklists tab (001 §2.8, CheckList licence): the job's checklists, one opened at a time, and starting one. */
export function ChecklistsTab({ job }: { job: Job }) {
  const { t } = useTranslation('checklists');
  const canFill = useCan('Job.Edit');
  const open = isOpen(job.JobStatusId);
  const list = useJobChecklists(job.Id);
  const [expanded, setExpanded] = useState<number | null>(null);
  if (list.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!list.data) return <CircularProgress aria-label={t('loading')} />;
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h6" component="h2">
          {t('title')}
        </Typography>
        {canFill && open && <StartChecklist jobId={job.Id} onStarted={setExpanded} />}
      </Stack>
      {!open && <Alert severity="info">{t('locked')}</Alert>}
      {list.data.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
      {list.data.map((c) => (
        <Accordion
          key={c.Id}
          expanded={expanded === c.Id}
          onChange={(_, isExpanded) => setExpanded(isExpanded ? c.Id : null)}
          disableGutters
        >
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`checklist-${c.Id}`}>
            <ChecklistHeading checklist={c} />
          </AccordionSummary>
          <AccordionDetails id={`checklist-${c.Id}`}>
            {expanded === c.Id && <ChecklistBody job={job} checklistId={c.Id} readOnly={!canFill || !open} />}
          </AccordionDetails>
        </Accordion>
      ))}
    </Stack>
  );
}

function ChecklistHeading({ checklist: c }: { checklist: ChecklistSummary }) {
  const { t } = useTranslation('checklists');
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography sx={{ fontWeight: 500 }}>{c.Name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('progress', { answered: c.AnsweredCount, total: c.FieldCount })}
      </Typography>
      {c.Complete && <Chip size="small" color="success" label={t('complete')} />}
      {c.FailedCount > 0 && (
        <Chip size="small" color="error" label={t('failedCount', { count: c.FailedCount })} />
      )}
    </Stack>
  );
}

function StartChecklist({ jobId, onStarted }: { jobId: number; onStarted(id: number): void }) {
  const { t } = useTranslation('checklists');
  const templates = useActiveTemplates(true);
  const start = useStartChecklist(jobId);
  const [templateId, setTemplateId] = useState('');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('template')}
        value={templateId}
        onChange={(e) => setTemplateId(e.target.value)}
        sx={{ minWidth: 220 }}
      >
        {(templates.data ?? []).map((tpl) => (
          <MenuItem key={tpl.Id} value={String(tpl.Id)}>
            {tpl.Name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        disabled={templateId === '' || start.isPending}
        onClick={() => start.mutate(Number(templateId), { onSuccess: (c) => onStarted(c.Id) })}
      >
        {t('start')}
      </Button>
    </Stack>
  );
}

function ChecklistBody({ job, checklistId, readOnly }: { job: Job; checklistId: number; readOnly: boolean }) {
  const { t } = useTranslation('checklists');
  const checklist = useChecklist(job.Id, checklistId);
  const answer = useAnswerField(job.Id, checklistId);
  const followUp = useFollowUp(job.Id);
  const canRaise = useCan('Job.Create');
  const canUpload = useCan('Document.Edit');
  const documents = useDocumentActions('Job', job.Id);
  const { commands } = useJobCommands(job.Id, (c) => c.kind === 'checklistAnswer');
  useChecklistAnswersApplied(job.Id);
  if (checklist.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!checklist.data) return <CircularProgress aria-label={t('loading')} />;
  const sections = [...new Set(checklist.data.Fields.map((f) => f.Section))];
  return (
    <Stack divider={<Divider flexItem />}>
      {sections.map((section) => (
        <section key={section} aria-label={section}>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 1, fontWeight: 600 }}>
            {section}
          </Typography>
          {checklist.data.Fields.filter((f) => f.Section === section).map((field) => {
            const mine = commands.filter((c) => answerOf(c).body.Id === field.Id);
            return (
              <Fragment key={field.Id}>
                <ChecklistFieldRow
                  field={shownAnswer(field, mine)}
                  readOnly={readOnly}
                  onAnswer={(value) => answer.mutateAsync({ field, value })}
                  {...(canUpload && !readOnly
                    ? {
                        onPhoto: async (file: File) => {
                          const [doc] = await documents.upload([file], 1, false);
                          if (doc) await answer.mutateAsync({ field, value: doc.Id });
                        },
                      }
                    : {})}
                  {...(canRaise && !readOnly ? { onFollowUp: () => followUp.mutateAsync(field.Id) } : {})}
                />
                <PendingChanges commands={mine} testId={`pending-answer-${field.Id}`} />
              </Fragment>
            );
          })}
        </section>
      ))}
    </Stack>
  );
}

const answerOf = (c: OutboxCommand) => c.input as ChecklistAnswerInput;

/**
 * The field as the technician sees it (decision 099): with their latest answer still on the device
 * (optimistic); a held one (a conflict, a refusal) is shown under the field with both sides instead.
 */
function shownAnswer(field: ChecklistField, mine: readonly OutboxCommand[]): ChecklistField {
  const waiting = mine.filter((c) => c.state === 'waiting' || c.state === 'sending').at(-1);
  return waiting ? { ...field, Value: answerOf(waiting).body.Value ?? null } : field;
}
