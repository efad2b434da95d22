import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../../components/commit-field/CommitField.tsx';
import { useFieldRules } from '../../../../lib/forms/rules.ts';
import type { JobCommentInput } from '../../../../lib/outbox/inputs.ts';
import type { Job } from '../../api/jobs.ts';
import { useChangeJobComment } from '../../api/mutations.ts';
import { PendingChanges, useJobCommands } from '../outbox/PendingChanges.tsx';

/**
 * The job's comment (FirstLineComment) on its details, written through the outbox (decision 102): the
 * technician's latest comment still on the device is shown at once over the saved one, with "Waiting to
 * send" under it; a conflict (the office changed the job meanwhile) shows both comments and the choices.
 */
export function JobCommentField({ job, readOnly }: { job: Job; readOnly: boolean }) {
  const { t } = useTranslation('jobs');
  const rules = useFieldRules();
  const change = useChangeJobComment(job.Id);
  const { commands } = useJobCommands(job.Id, (c) => c.kind === 'jobComment');
  const waiting = commands.filter((c) => c.state === 'waiting' || c.state === 'sending').at(-1);
  const shown = waiting ? (waiting.input as JobCommentInput).body.FirstLineComment : job.FirstLineComment;
  const name = t('job.firstLineComment');
  return (
    <>
      <CommitField
        version={job.RowVersion}
        name="FirstLineComment"
        label={name}
        value={shown ?? ''}
        readOnly={readOnly}
        validate={rules.text(4000)}
        onCommit={(text) => change.mutateAsync({ job, text, name })}
      />
      <PendingChanges commands={commands} testId="pending-job-comment" />
    </>
  );
}
