import type { Api, RouteOutput } from '@fieldport/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api/client.ts';
import { addDays } from '../../lib/dates.ts';
import type { OutboxCommand } from '../../lib/outbox/outbox.ts';
import { onOutboxApplied, queueCommand } from '../../lib/outbox/state.ts';
import { DAYS_AHEAD, type Visit } from './visits.ts';

/** A visit's job as job/{id} answers it. */
export type VisitJob = RouteOutput<Api['jobGet']>;

export const todayKeys = {
  all: ['today'] as const,
  visits: (from: string, to: string) => ['today', 'visits', from, to] as const,
  job: (id: number) => ['today', 'job', id] as const,
  statuses: ['today', 'statuses'] as const,
};

/**
 * The caller's own appointments from today to DAYS_AHEAD days on, with their jobs (Appointment/DateRange
 * with mine: only those they take part in, never the company's whole plan on a phone).
 */
export function useMyVisits(today: string) {
  const last = addDays(today, DAYS_AHEAD);
  return useQuery({
    queryKey: todayKeys.visits(today, last),
    queryFn: ({ signal }) =>
      callApi(
        'appointmentDateRange',
        { query: { date1: today, date2: last, includeJob: true, mine: true } },
        { signal, silent: true },
      ),
  });
}

/**
 * The jobs of the visits (job/{id}), for what an appointment's job does not carry: the contact's
 * phone and e-mail, and the delivery address's coordinates. A few a day, read side by side; a list
 * shows the appointment's own address until its job's read has come.
 */
export function useVisitJobs(jobIds: readonly number[]) {
  return useQueries({
    queries: jobIds.map((id) => ({
      queryKey: todayKeys.job(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callApi('jobGet', { params: { id } }, { signal, silent: true }),
      staleTime: 60_000,
    })),
    combine: (results) => new Map(jobIds.map((id, i) => [id, results[i]?.data] as const)),
  });
}

/**
 * "On my way" (decision 072): the technician sets out to a visit; the job's contact is sent the
 * on-my-way message with the status link. The visits are read again, so the card shows it.
 */
export function useOnMyWay(appointmentId: number, notice: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('appointmentOnMyWay', { params: { id: appointmentId } }, { notify: notice }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...todayKeys.all, 'visits'] }),
  });
}

/** The company's job statuses with their sub-statuses, for a visit's status menu. */
export function useJobStatuses() {
  return useQuery({
    queryKey: todayKeys.statuses,
    queryFn: ({ signal }) => callApi('jobStatusGetAll', {}, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** A visit's job status change as the outbox's command (decision 075): shown at once, sent when it can be. */
export function queueStatusChange(
  job: VisitJob,
  status: { id: number; subId: number | null; label: string },
): Promise<OutboxCommand> {
  return queueCommand({
    kind: 'jobStatus',
    input: { jobId: job.Id, statusId: status.id, subStatusId: status.subId },
    target: jobTarget(job.Id),
    label: status.label,
    rowVersion: job.RowVersion,
  });
}

export const jobTarget = (jobId: number) => `job:${jobId}`;

/** A status change the server applied: its answer is the job now, and the visits are read again. */
export function useAppliedStatusChanges() {
  const client = useQueryClient();
  useEffect(
    () =>
      onOutboxApplied((command, answer) => {
        if (command.kind !== 'jobStatus') return;
        const job = answer as VisitJob;
        client.setQueryData(todayKeys.job(job.Id), job);
        // The visits show the applied status until they are read again (no flash of the old one).
        client.setQueriesData<Visit[]>({ queryKey: ['today', 'visits'] }, (visits) =>
          visits?.map((v) =>
            v.Job?.Id === job.Id
              ? { ...v, Job: { ...v.Job, JobStatusId: job.JobStatusId, StatusName: job.StatusName } }
              : v,
          ),
        );
        void client.invalidateQueries({ queryKey: todayKeys.all });
      }),
    [client],
  );
}
