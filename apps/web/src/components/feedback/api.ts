import type { Api, RouteInput } from '@fieldport/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

type TicketBody = RouteInput<Api['supportTicket']> extends { body: infer B } ? B : never;

/**
 * Files a support ticket (POST Ticket/Error/New), on the root query client: the dialog opens from an
 * error snackbar anywhere, above the signed-in app's cache. Nothing cached changes; a failure is shown
 * by the client, and the dialog stays open.
 */
export function useSendSupportTicket() {
  return useMutation({
    mutationFn: (body: TicketBody) => callApi('supportTicket', { body }),
  });
}
