import type { Job } from '@fieldport/contract';
import { ApiError, callApi } from '../api/client.ts';
import type {
  ChecklistAnswerInput,
  CommandKindName,
  CounterReadingInput,
  JobCommentInput,
  JobDocumentInput,
  JobSignatureInput,
  JobStatusInput,
  PartAddInput,
  PartChangeInput,
  SubJobCommentInput,
  TimeAddInput,
  TimeChangeInput,
} from './inputs.ts';
import { jobCommentOn } from './job-details.ts';
import { answerLabel, commentLabel, lineLabel } from './labels.ts';
import type { CommandKind, OutboxCommand } from './outbox.ts';

/** A job's status as a technician reads it: 'In progress · Travelling'. */
const statusLabel = (job: { StatusName: string; SubStatusName: string | null }) =>
  [job.StatusName, job.SubStatusName].filter(Boolean).join(' · ');

/**
 * How each kind of command goes to the server: through the typed client (its Idempotency-Key header,
 * its token renewal on a 401), quietly, since the outbox shows what happened to each command itself.
 */
/** The job as it is now, after a 409: its RowVersion and status. */
const currentJob: CommandKind['current'] = async (c) => {
  const id = (c.input as { jobId: number }).jobId;
  const job = await callApi('jobGet', { params: { id } }, { silent: true });
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
            rowVersion: c.rowVersion ?? undefined,
          },
        },
        { idempotencyKey: c.key, silent: true },
      );
    },
    current: currentJob,
    record: (c) => `job:${c.input.jobId}`,
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
  // A line or an answer (decision 095): a new line has no version (a 409 is a rule's: stock short);
  // a change is sent on the command's RowVersion, and after a 409 the line or field is read again.
  timeAdd: {
    send: (c) => callApi('timeAdd', { body: (c.input as TimeAddInput).body }, sent(c)),
    current: currentJob,
  },
  timeChange: {
    send: (c) =>
      callApi('timeUpdate', { body: { ...(c.input as TimeChangeInput).body, ...version(c) } }, sent(c)),
    current: async (c) => {
      const id = (c.input as TimeChangeInput).body.Id;
      const line = await callApi('jobTimeLine', { params: { id } }, { silent: true });
      return { rowVersion: line.RowVersion, label: lineLabel(line) };
    },
    record: (c) => `orderLine:${(c.input as TimeChangeInput).body.Id}`,
  },
  partAdd: {
    send: (c) => callApi('partAdd', { body: (c.input as PartAddInput).body }, sent(c)),
    current: currentJob,
  },
  partChange: {
    send: (c) =>
      callApi('partUpdate', { body: { ...(c.input as PartChangeInput).body, ...version(c) } }, sent(c)),
    current: async (c) => {
      const id = (c.input as PartChangeInput).body.Id;
      const line = await callApi('jobPart', { params: { id } }, { silent: true });
      return { rowVersion: line.RowVersion, label: lineLabel(line) };
    },
    record: (c) => `orderLine:${(c.input as PartChangeInput).body.Id}`,
  },
  checklistAnswer: {
    send: (c) =>
      callApi(
        'checklistFieldChange',
        { body: { ...(c.input as ChecklistAnswerInput).body, ...version(c) } },
        sent(c),
      ),
    current: async (c) => {
      const input = c.input as ChecklistAnswerInput;
      const list = await callApi('checklistGet', { query: { entryId: input.checklistId } }, { silent: true });
      const field = list.Fields.find((f) => f.Id === input.body.Id);
      // The field is gone with its checklist: nothing to compare, the command is refused.
      if (!field) throw new ApiError({ status: 404, body: null, method: 'GET', url: 'checklist/' });
      return { rowVersion: field.RowVersion, label: answerLabel(field.Label, field.Value) };
    },
    record: (c) => `checklistField:${(c.input as ChecklistAnswerInput).body.Id}`,
  },
  // A sub-job's comment (decision 099): the call carries the whole sub-job, so after a 409 the office's
  // sub-job is read and Keep mine sends the comment on it, its other fields as the office left them.
  subJobComment: {
    send: (c) => {
      const input = c.input as SubJobCommentInput;
      return callApi(
        'machineJobChange',
        { params: { id: input.subJobId }, body: { ...input.body, ...version(c) } },
        sent(c),
      );
    },
    current: async (c) => {
      const input = c.input as SubJobCommentInput;
      const subs = await callApi('jobSubJobs', { params: { id: input.jobId } }, { silent: true });
      const sub = subs.find((s) => s.Id === input.subJobId);
      // The sub-job is gone from the job: nothing to compare, the command is refused.
      if (!sub) throw new ApiError({ status: 404, body: null, method: 'GET', url: 'subjobs' });
      const body = {
        CustomerComment: sub.CustomerComment,
        TechnicianComment: sub.TechnicianComment,
        InvoiceComment: sub.InvoiceComment,
        WarrentyTypeId: sub.WarrentyTypeId,
        RepairPlaceId: sub.RepairPlaceId,
        JobCategoryId: sub.JobCategoryId,
        SupplierFailureCodeId: sub.SupplierFailureCodeId,
        NoInvoice: sub.NoInvoice,
      };
      return {
        rowVersion: sub.RowVersion,
        label: commentLabel(input.name, sub[input.field]),
        input: { ...input, body: { ...body, [input.field]: input.body[input.field] } },
      };
    },
    record: (c) => `subJob:${(c.input as SubJobCommentInput).subJobId}`,
  },
  // The job's own comment (decision 102): the call carries every detail of the job, so after a 409 the
  // office's job is read and Keep mine sends the comment on it; after the technician's own earlier change
  // of the job (a status) it goes on that change's answer, which it does not undo.
  jobComment: {
    send: (c) =>
      callApi(
        'jobChangeDetails',
        { body: { ...(c.input as JobCommentInput).body, RowVersion: Number(c.rowVersion) } },
        sent(c),
      ),
    current: async (c) => {
      const input = c.input as JobCommentInput;
      const job = await callApi('jobGet', { params: { id: input.jobId } }, { silent: true });
      return {
        rowVersion: job.RowVersion,
        label: commentLabel(input.name, job.FirstLineComment),
        input: jobCommentOn(job, input),
      };
    },
    record: (c) => `job:${c.input.jobId}`,
    rebuilt: (c, answer) => jobCommentOn(answer as Job, c.input as JobCommentInput),
  },
  // A photo or document (decision 102): a new record, its bytes read from the outbox's store; the upload
  // claims its key once read, so a repeat after a lost answer stores the one file.
  jobDocument: {
    send: async (c, store) => {
      const input = c.input as JobDocumentInput;
      const file = await store.file(input.fileId);
      // The file is gone from the device (the store was emptied): nothing to send, the command is refused.
      if (!file) throw new ApiError({ status: 404, body: null, method: 'POST', url: 'jobdocuments/' });
      const body = new FormData();
      body.append('Files', new Blob([file.bytes], { type: file.type }), file.name);
      body.append('DocumentTypeId', String(input.categoryId));
      return callApi(
        'jobDocumentsUpload',
        { params: { jobId: input.jobId }, query: { toCustomer: input.publish }, body },
        { ...sent(c), timeoutMs: UPLOAD_TIMEOUT_MS },
      );
    },
    current: () => Promise.reject(new Error('A new document has no version to compare.')),
  },
  // A new reading (decision 099): no version; a 409 or 400 is a rule's (lower than the one before).
  counterReading: {
    send: (c) => callApi('counterReadingAdd', { body: (c.input as CounterReadingInput).body }, sent(c)),
    current: () => Promise.reject(new Error('A new reading has no version to compare.')),
  },
};

/** A photo taken on a slow line takes longer than the 30-second call limit. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** The options every command is sent with: its key, quietly. */
function sent(c: OutboxCommand) {
  return { idempotencyKey: c.key, silent: true };
}

/** The RowVersion a change is based on (none for a command without one). */
function version(c: OutboxCommand): { RowVersion?: number } {
  return c.rowVersion === null ? {} : { RowVersion: c.rowVersion };
}
