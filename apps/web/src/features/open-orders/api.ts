import type { Api, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

type OpenOrders = RouteOutput<Api['openOrders']>;
export type OpenOrder = OpenOrders['Orders'][number];

/** Under ['jobs', 'order']: an order's change event (its lines) refreshes it like the job's tabs. */
const openOrdersKey = ['jobs', 'order', 'open-orders'] as const;

export function useOpenOrders() {
  return useQuery({
    queryKey: openOrdersKey,
    queryFn: ({ signal }) => callApi('openOrders', {}, { signal }),
  });
}
