import { callApi } from '../api/client.ts';
import type { CommandKind, CommandKindName } from './outbox.ts';

/** A job's status as a technician reads it: 'In progress · Travelling'. */
const statusLabel = (job: { StatusName: string; SubStatusName: string | null }) =>
  [job.StatusName, job.SubStatusName].filter(Boolean).join(' · ');

/**
 * How each kind of command goes to the server: through the typed client (its Idempotency-Key header,
 * its token renewal on a 401), quietly, since the outbox shows what happened to each command itself.
 */
export const commandKinds: Record<CommandKindName, CommandKind> = {
  jobStatus: {
    send: (c) =>
      callApi(
        'jobChangeStatus',
        {
          params: { id: c.input.jobId },
          query: {
            jobStatusId: c.input.statusId,
            jobSubStatusId: c.input.subStatusId ?? 0,
            rowVersion: c.rowVersion,
          },
        },
        { idempotencyKey: c.key, silent: true },
      ),
    current: async (c) => {
      const job = await callApi('jobGet', { params: { id: c.input.jobId } }, { silent: true });
      return { rowVersion: job.RowVersion, label: statusLabel(job) };
    },
  },
};
