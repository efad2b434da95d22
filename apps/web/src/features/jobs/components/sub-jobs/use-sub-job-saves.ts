import type { SubJob } from '@fieldport/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubJobCommentField, SubJobCommentInput } from '../../../../lib/outbox/inputs.ts';
import type { OutboxCommand } from '../../../../lib/outbox/outbox.ts';
import { useChangeSubJob, useChangeSubJobComment, useLatestSubJob } from '../../api/sub-jobs.ts';
import { useJobCommands } from '../outbox/PendingChanges.tsx';
import { changeBody } from './sub-job-rules.ts';

const COMMENT_NAMES = {
  CustomerComment: 'subJobs.customerComment',
  TechnicianComment: 'subJobs.technicianComment',
  InvoiceComment: 'subJobs.invoiceComment',
} as const;

const commentOf = (c: OutboxCommand) => c.input as SubJobCommentInput;

/** The sub-job with the comments of its commands still waiting (or sending) applied, oldest first. */
function withWaitingComments(sub: SubJob, commands: readonly OutboxCommand[]): SubJob {
  const shown: SubJob = { ...sub };
  for (const c of commands) {
    if (c.state !== 'waiting' && c.state !== 'sending') continue;
    const { field, body } = commentOf(c);
    shown[field] = body[field] ?? '';
  }
  return shown;
}

/**
 * A saved sub-job's writes, one at a time, each on the row version the one before answered with (a
 * comment left for a code at once would otherwise send the same version twice and be refused as stale).
 * Its comments go through the outbox (decision 099): `sub` is the sub-job as the technician sees it, with
 * their comments still on the device, and `commands` those comments; a comment is sent on it, so two
 * written offline do not undo each other. The codes save directly (`save`).
 */
export function useSubJobSaves(jobId: number, original: SubJob) {
  const { t } = useTranslation('jobs');
  const { commands } = useJobCommands(
    jobId,
    (c) => c.kind === 'subJobComment' && commentOf(c).subJobId === original.Id,
  );
  const sub = withWaitingComments(original, commands);
  const change = useChangeSubJob(jobId);
  const changeComment = useChangeSubJobComment(jobId);
  const latest = useLatestSubJob(jobId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inTurn = <T>(run: () => Promise<T>) => {
    const next = queue.current.then(run);
    queue.current = next.catch(() => undefined);
    return next;
  };
  const save = (c: Partial<SubJob>) =>
    inTurn(() => change.mutateAsync({ id: sub.Id, body: changeBody(latest(sub.Id) ?? sub, c) }));
  const saveComment = (field: SubJobCommentField, text: string) =>
    inTurn(() => {
      const base = withWaitingComments(latest(sub.Id) ?? original, commands);
      const body = changeBody(base, { [field]: text });
      return changeComment.mutateAsync({ id: sub.Id, body, field, name: t(COMMENT_NAMES[field]) });
    });
  return { sub, commands, save, saveComment };
}
