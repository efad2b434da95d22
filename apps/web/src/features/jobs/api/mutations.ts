import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../lib/api/client.ts';
import { jobKeys } from './jobs.ts';

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
