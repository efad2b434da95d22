import type { Api, RouteOutput } from '@fieldport/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';
import { addDays, DAYS_AHEAD } from './visits.ts';

/** A visit's job as job/{id} answers it. */
export type VisitJob = RouteOutput<Api['jobGet']>;

export const todayKeys = {
  all: ['today'] as const,
  visits: (from: string, to: string) => ['today', 'visits', from, to] as const,
  job: (id: number) => ['today', 'job', id] as const,
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
