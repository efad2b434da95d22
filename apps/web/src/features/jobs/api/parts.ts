import type { Api, RouteOutput } from '@fieldport/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { type CallInput, callApi } from '../../../lib/api/client.ts';
import { emitNotice } from '../../../lib/api/notices.ts';
import type { CommandEdit, NewCommand } from '../../../lib/outbox/outbox.ts';
import { onOutboxApplied, resubmitCommand, submitCommand } from '../../../lib/outbox/state.ts';
import { jobKeys } from './jobs.ts';

/**
 * A job's parts and time (002 §7.17, §7.20) for the parts tab: the lines per machine job, one line,
 * the part lookup with the stock per store and the customer's price, the time articles; every write
 * one useMutation hook. All order queries of a job sit under `orderKeys.of(jobId)`, so a write, an
 * order or a job change event marks the parts and the invoice tab stale at once.
 */
export const orderKeys = {
  all: ['jobs', 'order'] as const,
  of: (jobId: number) => ['jobs', 'order', jobId] as const,
  parts: (jobId: number) => ['jobs', 'order', jobId, 'parts'] as const,
  time: (jobId: number) => ['jobs', 'order', jobId, 'time'] as const,
  part: (jobId: number, id: number) => ['jobs', 'order', jobId, 'part', id] as const,
  timeLine: (jobId: number, id: number) => ['jobs', 'order', jobId, 'time-line', id] as const,
  timeArticles: (jobId: number) => ['jobs', 'order', jobId, 'time-articles'] as const,
  lookup: (jobId: number, articleNumber: string) =>
    ['jobs', 'order', jobId, 'lookup', articleNumber] as const,
  suggestions: (word: string) => ['jobs', 'order', 'article-search', word] as const,
  invoice: (jobId: number) => ['jobs', 'order', jobId, 'invoice'] as const,
  total: (jobId: number) => ['jobs', 'order', jobId, 'total'] as const,
  options: (jobId: number) => ['jobs', 'order', jobId, 'options'] as const,
};

/** The part lookup's article: the customer's price and the stock per store. */
export type PartLookup = NonNullable<RouteOutput<Api['partLookup']>>;
export type StoreStock = PartLookup['Stock'][number];

/** The part lines of the job's order, per machine job (GET job-parts/{id}). */
export const useJobParts = (jobId: number) =>
  useQuery({
    queryKey: orderKeys.parts(jobId),
    queryFn: ({ signal }) => callApi('jobParts', { params: { id: jobId } }, { signal, silent: true }),
  });

/** The time lines of the job's order (GET time/{jobId}). */
export const useJobTime = (jobId: number) =>
  useQuery({
    queryKey: orderKeys.time(jobId),
    queryFn: ({ signal }) => callApi('jobTime', { params: { jobId } }, { signal, silent: true }),
  });

/** One part line (GET job-part/{id}), for its edit dialog. */
export const useJobPart = (jobId: number, id: number | null) =>
  useQuery({
    queryKey: orderKeys.part(jobId, id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => callApi('jobPart', { params: { id: id! } }, { signal }),
  });

/** One time line (GET time/job-time/{id}), for its edit dialog. */
export const useTimeLine = (jobId: number, id: number | null) =>
  useQuery({
    queryKey: orderKeys.timeLine(jobId, id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => callApi('jobTimeLine', { params: { id: id! } }, { signal }),
  });

/**
 * The part lookup (GET parts/): the article of a number with the customer's price and its stock per
 * store; null for an unknown number. A refusal shows the server's message as a warning (002 §8).
 */
export const usePartLookup = (jobId: number, machineId: number | null, articleNumber: string) =>
  useQuery({
    queryKey: orderKeys.lookup(jobId, articleNumber),
    enabled: articleNumber.length > 0,
    queryFn: ({ signal }) =>
      callApi(
        'partLookup',
        { query: { articleNumber, jobId, ...(machineId ? { machineId } : {}) } },
        { signal },
      ),
  });

/**
 * Articles whose number or name holds `word` (GET article/search, 002 §7.3), for a part whose number
 * the user does not know: nothing under three characters.
 */
export const useArticleSuggestions = (word: string) =>
  useQuery({
    queryKey: orderKeys.suggestions(word),
    enabled: word.length > 0,
    staleTime: 60_000,
    queryFn: ({ signal }) => callApi('articleSearch', { query: { q: word } }, { signal, silent: true }),
  });

/**
 * The customer's unit price of an article on a machine job (GET customer-price/{customerId}): its
 * own price, else the sales price less its discount; read once an article is found.
 */
export const useCustomerPrice = (customerId: number | null, articleNumber: string, childJobId: number) =>
  useQuery({
    queryKey: [...orderKeys.lookup(childJobId, articleNumber), 'customer-price', customerId ?? 0],
    enabled: articleNumber.length > 0,
    queryFn: ({ signal }) =>
      callApi(
        'customerPrice',
        { params: { customerId: customerId ?? 0 }, query: { articleNumber, childJobId } },
        { signal, silent: true },
      ),
  });

/**
 * The time articles one may report on the job (GET time/time-report-articles). A refusal is shown
 * as a warning prefixed with the 'wrong configuration in the time articles' text (002 §8).
 */
export const useTimeArticles = (jobId: number, prefix: string) =>
  useQuery({
    queryKey: orderKeys.timeArticles(jobId),
    queryFn: async ({ signal }) => {
      try {
        return await callApi('timeReportArticles', { query: { jobId } }, { signal, silent: true });
      } catch (err) {
        const message = apiMessage(err);
        if (!signal.aborted)
          emitNotice({
            text: message ? `${prefix}: ${message}` : prefix,
            severity: 'warning',
            infoIcon: true,
          });
        throw err;
      }
    },
  });

/** After a write: every order query of the job (parts, time, invoice, totals) and the job read again. */
async function settle(client: QueryClient, jobId: number) {
  await client.invalidateQueries({ queryKey: orderKeys.of(jobId) });
  await client.invalidateQueries({ queryKey: jobKeys.job(jobId), refetchType: 'none' });
}

export type PartAdd = NonNullable<CallInput<'partAdd'>['body']>;
export type PartUpdate = NonNullable<CallInput<'partUpdate'>['body']>;
export type TimeAdd = NonNullable<CallInput<'timeAdd'>['body']>;
export type TimeUpdate = NonNullable<CallInput<'timeUpdate'>['body']>;

/** The record a job's queued writes are of: all of one job go in order and wait behind a held one. */
const jobTarget = (jobId: number) => `job:${jobId}`;

/**
 * A line write through the outbox (decision 095): queued as a command of the job, sent at once when it
 * can be; a user without a device store calls the server directly. Applied, the order is read again; kept
 * (offline), the parts tab shows it waiting.
 */
function useLineCommand<V>(
  jobId: number,
  command: (v: V) => Omit<NewCommand, 'target'>,
  direct: (v: V) => Promise<unknown>,
) {
  const client = useQueryClient();
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: V) => submitCommand({ ...command(v), target: jobTarget(jobId) }, () => direct(v)),
    onSuccess: (done) => (done.applied ? settle(client, jobId) : undefined),
  });
}

/** What a line form sends: the call's body and the change in the technician's words (lib/outbox/labels.ts). */
export interface LineWrite<B> {
  body: B;
  label: string;
}
/** A change of a line also names the RowVersion it was read at. */
export interface LineChangeWrite<B> extends LineWrite<Omit<B, 'RowVersion'>> {
  rowVersion: number;
}

/** A part on a machine job from a store, the van's by default (POST parts/add-part); a stock refusal is the caller's to show. */
export function useAddPart(jobId: number) {
  return useLineCommand(
    jobId,
    (v: LineWrite<PartAdd>) => ({
      kind: 'partAdd',
      input: { jobId, body: v.body },
      label: v.label,
      rowVersion: null,
    }),
    (v) => callApi('partAdd', { body: v.body }, { notify: true, silent: true }),
  );
}

/** A part's quantity, store, price or texts (POST parts/update-part), on the line's RowVersion. */
export function useUpdatePart(jobId: number) {
  return useLineCommand(
    jobId,
    (v: LineChangeWrite<PartUpdate>) => ({
      kind: 'partChange',
      input: { jobId, body: v.body },
      label: v.label,
      rowVersion: v.rowVersion,
    }),
    (v) =>
      callApi(
        'partUpdate',
        { body: { ...v.body, RowVersion: v.rowVersion } },
        { notify: true, silent: true },
      ),
  );
}

/** Hours on a machine job (POST time/add). */
export function useAddTime(jobId: number) {
  return useLineCommand(
    jobId,
    (v: LineWrite<TimeAdd>) => ({
      kind: 'timeAdd',
      input: { jobId, body: v.body },
      label: v.label,
      rowVersion: null,
    }),
    (v) => callApi('timeAdd', { body: v.body }, { notify: true, silent: true }),
  );
}

/** A time line's hours, day, technician or article (POST time/detail/update), on the line's RowVersion. */
export function useUpdateTime(jobId: number) {
  return useLineCommand(
    jobId,
    (v: LineChangeWrite<TimeUpdate>) => ({
      kind: 'timeChange',
      input: { jobId, body: v.body },
      label: v.label,
      rowVersion: v.rowVersion,
    }),
    (v) =>
      callApi(
        'timeUpdate',
        { body: { ...v.body, RowVersion: v.rowVersion } },
        { notify: true, silent: true },
      ),
  );
}

/**
 * A refused line command corrected in its dialog (decision 095): sent again in its place; applied, the
 * order is read again; refused again, the dialog shows the messages (and keeps the command's new key).
 */
export function useResubmitLine(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: { key: string; change: CommandEdit }) => resubmitCommand(v.key, v.change),
    onSuccess: (done) => (done.applied ? settle(client, jobId) : undefined),
  });
}

/** Applied later (the network came back): the job's order is read again. */
export function useAppliedLineCommands(jobId: number) {
  const client = useQueryClient();
  useEffect(
    () =>
      onOutboxApplied((c) => {
        if (c.target === jobTarget(jobId) && c.kind !== 'jobStatus' && c.kind !== 'jobSignature')
          void settle(client, jobId);
      }),
    [client, jobId],
  );
}

/** A part or time line removed (DELETE orderdetail/remove/{id}); a store's part goes back to it. */
export function useRemoveOrderLine(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('orderLineRemove', { params: { id } }, { notify: true }),
    onSuccess: () => settle(client, jobId),
  });
}

/** The technicians hours may be reported for (Appointment/bookable), for those who plan. */
export const useTechnicians = (enabled: boolean) =>
  useQuery({
    queryKey: ['jobs', 'technicians'],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => callApi('appointmentBookable', {}, { signal, silent: true }),
  });
