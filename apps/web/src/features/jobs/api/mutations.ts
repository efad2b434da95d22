import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../lib/api/client.ts';
import { jobDetailsBody } from '../../../lib/outbox/job-details.ts';
import { commentLabel } from '../../../lib/outbox/labels.ts';
import { submitCommand } from '../../../lib/outbox/state.ts';
import { type Job, jobKeys } from './jobs.ts';

/**
 * A job's writes, one hook each (decision 020); each invalidates the jobs through `jobKeys`.
 */

/** Completes a job (status 50). */
export function useCompleteJob(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi('jobChangeStatus', { params: { id }, query: { jobStatusId: 50 } }, { notify: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function useApproveJob(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('jobApprove', { params: { id } }, { notify: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export function useDeleteJob(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('jobDelete', { params: { id } }, { notify: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/**
 * The job's details (against its row version): the answer replaces the cached job; the other job
 * queries are marked stale without reading them now.
 */
export function useChangeJobDetails(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<CallInput<'jobChangeDetails'>['body']>) =>
      callApi('jobChangeDetails', { body }, { notify: true, silent: true }),
    onSuccess: async (saved) => {
      client.setQueryData(jobKeys.job(id), saved);
      await client.invalidateQueries({ queryKey: jobKeys.all, refetchType: 'none' });
    },
  });
}

/**
 * The job's comment (FirstLineComment) through the outbox (decision 102): the job as the technician sees
 * it (`job`, with their comments still waiting) with the comment changed, on its row version, with its
 * key; sent at once when it can be (the answer replaces the cached job), else kept on the device and
 * shown waiting under the field. `name` is the comment's name, for the words of a conflict. A user
 * without a device store calls the server directly.
 */
export function useChangeJobComment(id: number) {
  const client = useQueryClient();
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: { job: Job; text: string; name: string }) => {
      const body = jobDetailsBody(v.job, { FirstLineComment: v.text });
      return submitCommand<Job>(
        {
          kind: 'jobComment',
          input: { jobId: id, name: v.name, body },
          target: `job:${id}`,
          label: commentLabel(v.name, v.text),
          rowVersion: v.job.RowVersion,
        },
        () =>
          callApi(
            'jobChangeDetails',
            { body: { ...body, RowVersion: v.job.RowVersion } },
            { notify: true, silent: true },
          ),
      );
    },
    onSuccess: async (done) => {
      if (!done.applied) return;
      client.setQueryData(jobKeys.job(id), done.answer);
      await client.invalidateQueries({ queryKey: jobKeys.all, refetchType: 'none' });
    },
  });
}

/**
 * Creates a job with its machine lines (POST job/create) under an Idempotency-Key the form keeps for
 * its lifetime, so a retried or doubled create gives the one job (decision 026). The job lists and the
 * dashboard's figures read again; the new job is put in the cache for its view.
 */
export function useCreateJob(idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<CallInput<'jobCreate'>['body']>) =>
      callApi('jobCreate', { body }, { notify: true, idempotencyKey }),
    onSuccess: async (job) => {
      client.setQueryData(jobKeys.job(job.Id), job);
      await Promise.all([
        client.invalidateQueries({ queryKey: jobKeys.all, refetchType: 'none' }),
        client.invalidateQueries({ queryKey: ['dashboard'], refetchType: 'none' }),
      ]);
    },
  });
}
