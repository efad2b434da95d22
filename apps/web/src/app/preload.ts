import type { UserInfoBundle } from '@fieldport/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Lookups loaded after sign-in, before the shell shows (the pre-loading screen counts them, 001 §2.2).
 * Features add theirs here (job status map, job types, priorities …), typically as
 * `queryClient.prefetchQuery(...)`. A failed lookup is logged and does not block the app.
 */
export interface PreloadTask {
  key: string;
  load(ctx: { info: UserInfoBundle; queryClient: QueryClient }): Promise<unknown>;
}

export const PRELOAD_TASKS: PreloadTask[] = [];
