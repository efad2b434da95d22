import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** What a QR code leads to: its link and the machine carrying it (GET /api2/qr/Link/{id}). */
export function useQrLink(code: string | null | undefined) {
  return useQuery({
    queryKey: ['machines', 'qr-link', code ?? ''],
    queryFn: ({ signal }) => callApi('qrLink', { params: { id: code ?? '' } }, { signal, silent: true }),
    enabled: !!code,
    retry: false,
  });
}

/**
 * New QR codes (GET qr/CreateList?count=n): a write that invalidates nothing cached, since no query
 * lists unassigned codes; `silent` leaves the refusal to the caller.
 */
export function useCreateQrCodes(opts: { silent?: boolean } = {}) {
  return useMutation({
    mutationFn: (count: number) =>
      callApi('qrCreateList', { query: { count } }, { silent: opts.silent ?? false }),
  });
}
