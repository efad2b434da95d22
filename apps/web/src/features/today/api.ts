import { type Api, type RouteOutput, WAY_POSITION_EVERY_MS } from '@fieldport/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api/client.ts';
import { addDays } from '../../lib/dates.ts';
import { STORE_KEYS, type StoredVisits } from '../../lib/device-store/keys.ts';
import { readThrough } from '../../lib/device-store/read.ts';
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
 * with mine: only those they take part in, never the company's whole plan on a phone). Kept on the
 * device (decision 094): when the server cannot be reached, the kept visits, those of an earlier day's
 * read still to come or going on.
 */
export function useMyVisits(today: string) {
  const last = addDays(today, DAYS_AHEAD);
  return useQuery({
    queryKey: todayKeys.visits(today, last),
    queryFn: async ({ signal }) => {
      const visits = await readThrough<StoredVisits>(
        STORE_KEYS.visits,
        async () => ({
          from: today,
          to: last,
          list: await callApi(
            'appointmentDateRange',
            { query: { date1: today, date2: last, includeJob: true, mine: true } },
            { signal, silent: true },
          ),
        }),
        { keep: true },
      );
      return visits.from < today ? visits.list.filter((v) => v.EndTime.slice(0, 10) >= today) : visits.list;
    },
  });
}

/**
 * The jobs of the visits (job/{id}), for what an appointment's job does not carry: the contact's
 * phone and e-mail, and the delivery address's coordinates. A few a day, read side by side; a list
 * shows the appointment's own address until its job's read has come. Kept on the device as the visits.
 */
export function useVisitJobs(jobIds: readonly number[]) {
  return useQueries({
    queries: jobIds.map((id) => ({
      queryKey: todayKeys.job(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        readThrough(
          STORE_KEYS.job(id),
          () => callApi('jobGet', { params: { id } }, { signal, silent: true }),
          {
            keep: true,
          },
        ),
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

/** Where sharing the phone's position stands: sending, or stopped because it could not be read or sent. */
export type PositionSharing = 'sharing' | 'unavailable' | 'ended';

/**
 * While the technician shares it (their choice, and the browser asks their consent), the phone's
 * position goes to the appointment on the way at most every 30 s (decision 085): the customer's page
 * drives the arrival estimate from it. Stops when turned off, when the card goes, when the position
 * cannot be read, or when the server refuses it (arrived, ended, not theirs).
 */
export function usePositionSharing(appointmentId: number, on: boolean): PositionSharing | null {
  const [state, setState] = useState<PositionSharing | null>(null);
  useEffect(() => {
    if (!on) {
      setState(null);
      return;
    }
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo) {
      setState('unavailable');
      return;
    }
    setState('sharing');
    let last = 0;
    let stopped = false;
    const watch = geo.watchPosition(
      (p) => {
        const now = Date.now();
        if (stopped || now - last < WAY_POSITION_EVERY_MS) return;
        last = now;
        const body = { Latitude: p.coords.latitude, Longitude: p.coords.longitude };
        callApi('appointmentPosition', { params: { id: appointmentId }, body }, { silent: true }).catch(
          () => {
            stopped = true;
            geo.clearWatch(watch);
            setState('ended');
          },
        );
      },
      () => {
        geo.clearWatch(watch);
        setState('unavailable');
      },
      { enableHighAccuracy: false, maximumAge: WAY_POSITION_EVERY_MS, timeout: 60_000 },
    );
    return () => {
      stopped = true;
      geo.clearWatch(watch);
    };
  }, [appointmentId, on]);
  return state;
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

/**
 * The customer's signature on a visit's job as the outbox's command (decision 090), on the same record
 * as its status changes: queued before a completion, it is sent first, and held with it.
 */
export function queueSignature(
  job: VisitJob,
  signature: { signerName: string; png: string },
  label: string,
): Promise<OutboxCommand> {
  return queueCommand({
    kind: 'jobSignature',
    input: { jobId: job.Id, signerName: signature.signerName, png: signature.png },
    target: jobTarget(job.Id),
    label,
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
