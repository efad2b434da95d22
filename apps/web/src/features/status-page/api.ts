import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

/** How often the page asks again while the technician is on the way (the estimate moves), and else. */
const ON_THE_WAY_REFRESH_MS = 30_000;
const IDLE_REFRESH_MS = 5 * 60_000;

/**
 * The job's public status page (GET /api2/status/{token}, decision 072): polled, not the live hub,
 * every 30 s while the technician is on the way and every 5 min otherwise; a 404 ends the polling.
 */
export function useStatusPage(token: string) {
  return useQuery({
    queryKey: ['status', token],
    queryFn: ({ signal }) => callApi('statusPage', { params: { token } }, { signal, silent: true }),
    retry: false,
    refetchInterval: (q) =>
      q.state.status === 'error'
        ? false
        : q.state.data?.Stage === 'onMyWay'
          ? ON_THE_WAY_REFRESH_MS
          : IDLE_REFRESH_MS,
  });
}

/**
 * Saves the link's service report as `fileName` (no sign-in: the token is the key). A failure rejects
 * silently: the page tells it.
 */
export async function downloadStatusReport(token: string, fileName: string): Promise<void> {
  const blob = await callApi('statusReport', { params: { token } }, { silent: true });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file well before a minute has passed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
