import { DEPARTMENT_LIST_PAGE_SIZE } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/api/client.ts';
import { emitNotice } from '../../../lib/api/notices.ts';
import { onOutboxApplied, resubmitCommand, submitCommand } from '../../../lib/outbox/state.ts';
import type { Job } from './jobs.ts';
import { jobKeys } from './jobs.ts';

/**
 * The job view's own reads and writes (issue 11): the statuses to choose from, and the status, customer,
 * delivery address and contact changes. Each write puts the answered job in the cache and marks the
 * other job queries stale without reading them now.
 */
const LOOKUP_STALE_MS = 5 * 60_000;

export const jobViewKeys = {
  statuses: ['jobs', 'view', 'statuses'] as const,
  departments: ['jobs', 'view', 'departments'] as const,
  /** Under ['projects'] too, so the projects' change event refreshes it (live-events table). */
  projects: ['projects', 'jobs-view'] as const,
  subStatuses: (statusId: number) => ['jobs', 'view', 'sub-statuses', statusId] as const,
};

/** Every job status in its order (JobStatus/GetAll). */
export const useJobStatuses = () =>
  useQuery({
    queryKey: jobViewKeys.statuses,
    queryFn: ({ signal }) => callApi('jobStatusGetAll', {}, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });

/**
 * The departments to choose from (Department/Filtered, one page of 150 as 000 §7 reads it), read only
 * for those who may edit the job: customer users may not read them.
 */
export const useJobDepartments = (enabled: boolean) =>
  useQuery({
    queryKey: jobViewKeys.departments,
    queryFn: ({ signal }) =>
      callApi(
        'departmentFiltered',
        { query: { Page: 1, ItemsPerPage: DEPARTMENT_LIST_PAGE_SIZE } },
        { signal },
      ),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });

/**
 * The projects an order may belong to (Project, ProjectsEnabled): the active ones, and the order's own
 * even when it was made inactive since.
 */
export const useJobProjects = (enabled: boolean) =>
  useQuery({
    queryKey: jobViewKeys.projects,
    queryFn: ({ signal }) => callApi('projectList', {}, { signal }),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });

/** The sub-statuses of one status (JobSubStatus/ByStatus/{id}). */
export const useJobSubStatuses = (statusId: number) =>
  useQuery({
    queryKey: jobViewKeys.subStatuses(statusId),
    queryFn: ({ signal }) => callApi('jobSubStatusByStatus', { params: { id: statusId } }, { signal }),
    enabled: statusId > 0,
    staleTime: LOOKUP_STALE_MS,
  });

function useJobWrite<V>(id: number, write: (v: V) => Promise<Job>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (saved) => {
      client.setQueryData(jobKeys.job(id), saved);
      await client.invalidateQueries({ queryKey: jobKeys.all, refetchType: 'none' });
    },
  });
}

/**
 * Job/{id}/ChangeStatus: a status below 70 and a sub-status of it (or none), through the outbox like
 * Today's Set status (decisions 075, 095): on the job's RowVersion, with its key; sent at once when it
 * can be (the job answered goes in the cache), else kept on the device and shown waiting; a user
 * without a device store calls the server directly.
 */
export function useChangeJobStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: {
      statusId: number;
      subStatusId: number | null;
      label: string;
      rowVersion: number;
      /** A refused status change this one corrects (sent again in its place). */
      replaces?: string | undefined;
    }) => {
      const input = { jobId: id, statusId: v.statusId, subStatusId: v.subStatusId };
      if (v.replaces) return resubmitCommand<Job>(v.replaces, { input, label: v.label });
      return submitCommand<Job>(
        { kind: 'jobStatus', input, target: `job:${id}`, label: v.label, rowVersion: v.rowVersion },
        () =>
          callApi(
            'jobChangeStatus',
            { params: { id }, query: { jobStatusId: v.statusId, jobSubStatusId: v.subStatusId ?? 0 } },
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
 * Stores the customer's signature on the job (decision 090) as an outbox command of the job (its key
 * makes a repeated sending store it once); the service report then carries it. The notice once stored.
 */
export function useSaveJobSignature(id: number, notice: string, label: string) {
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: { signerName: string; png: string; rowVersion: number }) =>
      submitCommand(
        {
          kind: 'jobSignature',
          input: { jobId: id, signerName: v.signerName, png: v.png },
          target: `job:${id}`,
          label,
          rowVersion: v.rowVersion,
        },
        () =>
          callApi(
            'jobSignatureSave',
            { params: { id }, body: { SignerName: v.signerName, Png: v.png } },
            { idempotencyKey: crypto.randomUUID() },
          ),
      ),
    onSuccess: (done) => {
      if (done.applied) emitNotice({ text: notice, severity: 'success' });
    },
  });
}

/**
 * A status change or comment of the job applied later (the network came back): its answer is the job now.
 */
export function useAppliedJobStatus(id: number) {
  const client = useQueryClient();
  useEffect(
    () =>
      onOutboxApplied((c, answer) => {
        if ((c.kind !== 'jobStatus' && c.kind !== 'jobComment') || c.target !== `job:${id}`) return;
        client.setQueryData(jobKeys.job(id), answer as Job);
        void client.invalidateQueries({ queryKey: jobKeys.all, refetchType: 'none' });
      }),
    [client, id],
  );
}

/** Moves the job to another customer; `confirm` says the user agreed its machine jobs are removed. */
export const useSwapJobCustomer = (id: number) =>
  useJobWrite(id, (v: { customerId: number; confirm: boolean }) =>
    callApi(
      'jobSwapCustomer',
      { params: { jobId: id, customerId: v.customerId }, query: v.confirm ? { confirm: true } : {} },
      { notify: true, silent: true },
    ),
  );

export const useSwapJobAddress = (id: number) =>
  useJobWrite(id, (addressId: number) =>
    callApi('jobSwapAddress', { params: { jobId: id, id: addressId } }, { notify: true, silent: true }),
  );

export const useSwapJobContact = (id: number) =>
  useJobWrite(id, (contactId: number) =>
    callApi('jobSwapContact', { params: { jobId: id, id: contactId } }, { notify: true, silent: true }),
  );
