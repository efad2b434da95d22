import type { Api, RouteOutput } from '@fieldport/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

export type MyAccount = RouteOutput<Api['myAccount']>;
export type MyAccountSession = RouteOutput<Api['myAccountSessions']>['Content'][number];

/** Query keys of My account; a change of the user (live event 'user') marks ['account'] stale. */
export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** The own account (GET User/MyAccount/). */
export const myAccountQuery = queryOptions({
  queryKey: accountKeys.me,
  queryFn: ({ signal }) => callApi('myAccount', {}, { signal, silent: true }),
});

/** The own live sign-ins (GET User/MyAccount/Sessions), the most recently active first. */
export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => callApi('myAccountSessions', {}, { signal, silent: true }),
});
