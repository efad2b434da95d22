import type { SubJob } from '@fieldport/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type CallInput, callApi } from '../../../lib/api/client.ts';
import type { SubJobCommentField } from '../../../lib/outbox/inputs.ts';
import { commentLabel } from '../../../lib/outbox/labels.ts';
import { onOutboxApplied, submitCommand } from '../../../lib/outbox/state.ts';
import { jobKeys } from './jobs.ts';

/**
 * A job's machine sub-jobs (002 §7.10) for the job view's sub-job editor: read with GET
 * job/{id}/subjobs, and added, moved, changed, flagged and removed one call each. Every write puts
 * the answer in the list (so the next change carries the new row version) and marks the job and the
 * job lists stale.
 */
const subJobKeys = {
  list: (jobId: number) => ['jobs', 'subjobs', jobId] as const,
};

export type MachineLine = NonNullable<CallInput<'machineJobAddToParent'>['body']>;
export type SubJobChange = NonNullable<CallInput<'machineJobChange'>['body']>;

/** The sub-jobs of a job; until read, those the job came with. */
export function useSubJobs(jobId: number, initial: SubJob[]) {
  return useQuery({
    queryKey: subJobKeys.list(jobId),
    queryFn: ({ signal }) => callApi('jobSubJobs', { params: { id: jobId } }, { signal, silent: true }),
    placeholderData: initial,
  });
}

/** The sub-job as last read or saved (the list in the cache), for a change made right after another. */
export function useLatestSubJob(jobId: number) {
  const client = useQueryClient();
  return (id: number) => client.getQueryData<SubJob[]>(subJobKeys.list(jobId))?.find((s) => s.Id === id);
}

/** Puts a changed sub-job in the list (or takes a removed one out), then marks the job stale. */
async function settle(client: QueryClient, jobId: number, saved: SubJob[], removed = false) {
  client.setQueryData<SubJob[]>(subJobKeys.list(jobId), (list) => {
    if (!list) return list;
    const byId = new Map(saved.map((s) => [s.Id, s]));
    const kept = list.flatMap((s) => (byId.has(s.Id) ? (removed ? [] : [byId.get(s.Id)!]) : [s]));
    const added = removed ? [] : saved.filter((s) => !list.some((l) => l.Id === s.Id));
    return [...kept, ...added];
  });
  await client.invalidateQueries({ queryKey: jobKeys.job(jobId) });
  await client.invalidateQueries({ queryKey: jobKeys.all, refetchType: 'none' });
}

/** One machine line added to the job (PUT MachineJob/add/parent/{parentId}). */
export function useAddSubJob(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (line: MachineLine) =>
      callApi('machineJobAddToParent', { params: { parentId: jobId }, body: line }, { notify: true }),
    onSuccess: (saved) => settle(client, jobId, [saved]),
  });
}

/** Several machine lines added at once, all or none (POST MachineJob/BulkAdd). */
export function useBulkAddSubJobs(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (Machines: MachineLine[]) =>
      callApi('machineJobBulkAdd', { body: { ParentId: jobId, Machines } }, { notify: true }),
    onSuccess: (saved) => settle(client, jobId, saved),
  });
}

/** A sub-job moved to another machine of the customer (PATCH MachineJob/Transfer/{id}/ToMachine/{m}). */
export function useTransferSubJob(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; machineId: number }) =>
      callApi('machineJobTransfer', { params: v }, { notify: true }),
    onSuccess: (saved) => settle(client, jobId, [saved]),
  });
}

/** A sub-job's comments and codes against its row version (PATCH MachineJob/change/{id}). */
export function useChangeSubJob(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: SubJobChange }) =>
      callApi('machineJobChange', { params: { id: v.id }, body: v.body }, { notify: true, silent: true }),
    onSuccess: (saved) => settle(client, jobId, [saved]),
  });
}

/**
 * A sub-job's comment through the outbox (decision 099): on the sub-job's row version, with its key;
 * sent at once when it can be (the answer goes in the list), else kept on the device and shown waiting
 * under the sub-job. `name` is the comment's name, for the words of a conflict. A user without a device
 * store calls the server directly.
 */
export function useChangeSubJobComment(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: { id: number; body: SubJobChange; field: SubJobCommentField; name: string }) => {
      const { RowVersion, ...body } = v.body;
      return submitCommand<SubJob>(
        {
          kind: 'subJobComment',
          input: { jobId, subJobId: v.id, field: v.field, name: v.name, body },
          target: `job:${jobId}`,
          label: commentLabel(v.name, body[v.field] ?? ''),
          rowVersion: Number(RowVersion),
        },
        () =>
          callApi('machineJobChange', { params: { id: v.id }, body: v.body }, { notify: true, silent: true }),
      );
    },
    onSuccess: (done) => (done.applied ? settle(client, jobId, [done.answer]) : undefined),
  });
}

/** A comment the outbox applied later (sent when the network came back): its answer goes in the list. */
export function useSubJobCommentsApplied(jobId: number) {
  const client = useQueryClient();
  useEffect(
    () =>
      onOutboxApplied((c, answer) => {
        if (c.kind === 'subJobComment' && c.input.jobId === jobId)
          void settle(client, jobId, [answer as SubJob]);
      }),
    [client, jobId],
  );
}

/** A sub-job's flag: 0 ok, 1 notice, 2 problem (PATCH MachineJob/change/{id}/flag?value=). */
export function useFlagSubJob(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; value: number }) =>
      callApi('machineJobFlag', { params: { id: v.id }, query: { value: v.value } }, { notify: true }),
    onSuccess: (saved) => settle(client, jobId, [saved]),
  });
}

/** A sub-job removed (DELETE MachineJob/remove/{id}); the job's last machine stays (409). */
export function useRemoveSubJob(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('machineJobRemove', { params: { id } }, { notify: true }),
    onSuccess: (saved) => settle(client, jobId, [saved], true),
  });
}
