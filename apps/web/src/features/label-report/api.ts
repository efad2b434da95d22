import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

/** The label's public page: the machine as on its label and the urgencies (GET /api2/label/{token}). */
export function useLabelPage(token: string) {
  return useQuery({
    queryKey: ['label', token],
    queryFn: ({ signal }) => callApi('labelPage', { params: { token } }, { signal, silent: true }),
    retry: false,
  });
}

/** A signed-in customer user's label: their company's machine, whose portal page has the form. */
export function useLabelMachine(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['label', token, 'machine'],
    queryFn: ({ signal }) => callApi('labelMachine', { params: { token } }, { signal, silent: true }),
    enabled,
    retry: false,
  });
}

/** Sends the label's report once per key (Idempotency-Key); the photos go as `Photos` parts. */
export function useSendLabelReport(token: string, idempotencyKey: string) {
  return useMutation({
    mutationFn: (body: FormData) =>
      callApi('labelReport', { params: { token }, body }, { idempotencyKey, silent: true }),
  });
}
