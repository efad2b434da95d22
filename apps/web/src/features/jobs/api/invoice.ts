import type { Api, RouteOutput } from '@fieldport/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../lib/api/client.ts';
import { jobKeys } from './jobs.ts';
import { orderKeys } from './parts.ts';

/**
 * The job's pre-invoice (002 §7.16): the invoice with its lines per machine job and the totals, the
 * order's totals (Order/GetTotal), the order options; the line moves, links, changes and deletions and
 * the options' changes one useMutation hook each. A write marks every order query of the job stale.
 */
export type Invoice = RouteOutput<Api['invoiceGet']>;
export type OrderTotal = RouteOutput<Api['orderTotal']>;

export const useInvoice = (jobId: number) =>
  useQuery({
    queryKey: orderKeys.invoice(jobId),
    queryFn: ({ signal }) => callApi('invoiceGet', { params: { jobId } }, { signal }),
  });

export const useOrderTotal = (jobId: number) =>
  useQuery({
    queryKey: orderKeys.total(jobId),
    queryFn: ({ signal }) => callApi('orderTotal', { params: { id: jobId } }, { signal, silent: true }),
  });

export const useOrderOptions = (jobId: number) =>
  useQuery({
    queryKey: orderKeys.options(jobId),
    queryFn: ({ signal }) => callApi('orderOfJob', { params: { id: jobId } }, { signal, silent: true }),
  });

async function settle(client: QueryClient, jobId: number) {
  await client.invalidateQueries({ queryKey: orderKeys.of(jobId) });
  await client.invalidateQueries({ queryKey: jobKeys.job(jobId) });
}

export type OrderOptionsChange = NonNullable<CallInput<'orderOptionsChange'>['query']>;

/**
 * Order options (PATCH Order/OrderOptions/{jobId}): only the parameters sent change; NoInvoice is the
 * job's in the path (the order's job, or one machine job). Refusals are the caller's to show.
 */
export function useChangeOrderOptions(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { jobId: number; query: OrderOptionsChange }) =>
      callApi(
        'orderOptionsChange',
        { params: { jobId: v.jobId }, query: v.query },
        { notify: true, silent: true },
      ),
    onSuccess: async (saved) => {
      client.setQueryData(orderKeys.options(jobId), saved);
      await settle(client, jobId);
    },
  });
}

/** A line moved to another machine job of the order (POST invoice/detail/move). */
export function useMoveLine(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<CallInput<'invoiceMove'>['body']>) =>
      callApi('invoiceMove', { body }, { notify: true }),
    onSuccess: () => settle(client, jobId),
  });
}

/** A line linked under another line of the order, or unlinked with null (POST invoice/link). */
export function useLinkLine(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<CallInput<'invoiceLink'>['body']>) =>
      callApi('invoiceLink', { body }, { notify: true }),
    onSuccess: () => settle(client, jobId),
  });
}

/** A line's description, quantity, price, discount or NoInvoice (POST invoice/update). */
export function useUpdateInvoiceLine(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NonNullable<CallInput<'invoiceUpdate'>['body']>) =>
      callApi('invoiceUpdate', { body }, { notify: true, silent: true }),
    onSuccess: () => settle(client, jobId),
  });
}

/** A line deleted (POST invoice/delete); a store's part goes back to it. */
export function useDeleteInvoiceLine(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('invoiceDelete', { body: { Id: id } }, { notify: true }),
    onSuccess: () => settle(client, jobId),
  });
}
