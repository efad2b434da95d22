import { callApi } from '../api/client.ts';
import type { CommandKind, CommandKindName, JobSignatureInput, JobStatusInput } from './outbox.ts';

/** A job's status as a technician reads it: 'In progress · Travelling'. */
const statusLabel = (job: { StatusName: string; SubStatusName: string | null }) =>
  [job.StatusName, job.SubStatusName].filter(Boolean).join(' · ');

/**
 * How each kind of command goes to the server: through the typed client (its Idempotency-Key header,
 * its token renewal on a 401), quietly, since the outbox shows what happened to each command itself.
 */
/** The job as it is now, after a 409: its RowVersion and status. */
const currentJob: CommandKind['current'] = async (c) => {
  const job = await callApi('jobGet', { params: { id: c.input.jobId } }, { silent: true });
  return { rowVersion: job.RowVersion, label: statusLabel(job) };
};

export const commandKinds: Record<CommandKindName, CommandKind> = {
  jobStatus: {
    send: (c) => {
      const input = c.input as JobStatusInput;
      return callApi(
        'jobChangeStatus',
        {
          params: { id: input.jobId },
          query: {
            jobStatusId: input.statusId,
            jobSubStatusId: input.subStatusId ?? 0,
            rowVersion: c.rowVersion,
          },
        },
        { idempotencyKey: c.key, silent: true },
      );
    },
    current: currentJob,
  },
  // The signature (decision 090) replaces the job's earlier one; it has no RowVersion of its own.
  jobSignature: {
    send: (c) => {
      const input = c.input as JobSignatureInput;
      return callApi(
        'jobSignatureSave',
        { params: { id: input.jobId }, body: { SignerName: input.signerName, Png: input.png } },
        { idempotencyKey: c.key, silent: true },
      );
    },
    current: currentJob,
  },
};
