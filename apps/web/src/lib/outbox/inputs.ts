import type { CallInput } from '../api/client.ts';

/** What each kind of outbox command carries (decisions 075, 090, 095, 099). */

/** The kinds of command the outbox sends (commands.ts says how). */
export type CommandKindName =
  | 'jobStatus'
  | 'jobSignature'
  | 'timeAdd'
  | 'timeChange'
  | 'partAdd'
  | 'partChange'
  | 'checklistAnswer'
  | 'subJobComment'
  | 'jobComment'
  | 'jobDocument'
  | 'counterReading';

export interface JobStatusInput {
  jobId: number;
  statusId: number;
  subStatusId: number | null;
}

/** The customer's signature on a job (decision 090): the pad's PNG in base64 and the signer's name. */
export interface JobSignatureInput {
  jobId: number;
  signerName: string;
  png: string;
}

type BodyOf<
  K extends
    | 'timeAdd'
    | 'timeUpdate'
    | 'partAdd'
    | 'partUpdate'
    | 'checklistFieldChange'
    | 'machineJobChange'
    | 'jobChangeDetails'
    | 'counterReadingAdd',
> = NonNullable<CallInput<K>['body']>;

/**
 * A line or an answer on a job (decision 095): the job the command's record is (`jobId`, the order's
 * job) and the call's body as the form made it. A change's RowVersion is the command's, not the body's
 * (Keep mine sends it again on the office's).
 */
interface OnJob<B> {
  jobId: number;
  body: B;
}
/** Hours on a machine sub-job (POST time/add). */
export type TimeAddInput = OnJob<BodyOf<'timeAdd'>>;
/** A time line's change (POST time/detail/update). */
export type TimeChangeInput = OnJob<Omit<BodyOf<'timeUpdate'>, 'RowVersion'>>;
/** A part from a store, the van's by default (POST parts/add-part): the server moves the stock once. */
export type PartAddInput = OnJob<BodyOf<'partAdd'>>;
/** A part line's change (POST parts/update-part). */
export type PartChangeInput = OnJob<Omit<BodyOf<'partUpdate'>, 'RowVersion'>>;
/** A checklist field's answer (PATCH checklist/field/), with the checklist it is of (to read it again). */
export type ChecklistAnswerInput = OnJob<Omit<BodyOf<'checklistFieldChange'>, 'RowVersion'>> & {
  checklistId: number;
};

/** A sub-job's comment a technician writes (decision 099). */
export type SubJobCommentField = 'CustomerComment' | 'TechnicianComment' | 'InvoiceComment';

/**
 * A machine sub-job's comment (PATCH MachineJob/change/{id}, decision 099): the call's body is the
 * sub-job as the technician saw it with the comment changed (`field`); `name` is the comment's name in
 * their language, for the words both sides of a conflict show in. Keep mine sends the comment on the
 * office's sub-job (its other fields as the office left them).
 */
export type SubJobCommentInput = OnJob<Omit<BodyOf<'machineJobChange'>, 'RowVersion'>> & {
  subJobId: number;
  field: SubJobCommentField;
  name: string;
};

/**
 * The job's own comment, FirstLineComment (PATCH job/changedetails, decision 102): like a sub-job's, the
 * call carries every detail of the job, so the body is the job as the technician saw it with the comment
 * changed, rebuilt on the office's job for Keep mine and on the answer of the technician's own earlier
 * change of the job (a status change queued before it is not undone). `name` is the comment's name in
 * their language.
 */
export type JobCommentInput = OnJob<Omit<BodyOf<'jobChangeDetails'>, 'RowVersion'>> & { name: string };

/**
 * A photo or document added to a job (POST jobdocuments/{jobId}, decision 102): one file, whose bytes are
 * kept in the outbox's store (`fileId`) until it is sent; a new record, no version. The name, type and
 * size show it in the job's documents while it waits; `categoryId` and `publish` are the upload's choices.
 */
export interface JobDocumentInput {
  jobId: number;
  fileId: string;
  name: string;
  type: string;
  size: number;
  categoryId: number;
  publish: boolean;
}

/**
 * A machine's counter reading (PUT Counter/Machine, decision 099): a new reading, no version; its time is
 * when it was taken on the device, not when it reached the server. `jobId` is null: the reading is
 * taken on the machine's counters, not on a job.
 */
export interface CounterReadingInput {
  jobId: null;
  machineId: number;
  body: BodyOf<'counterReadingAdd'>;
}

/** Each kind's input. */
export interface CommandInputs {
  jobStatus: JobStatusInput;
  jobSignature: JobSignatureInput;
  timeAdd: TimeAddInput;
  timeChange: TimeChangeInput;
  partAdd: PartAddInput;
  partChange: PartChangeInput;
  checklistAnswer: ChecklistAnswerInput;
  subJobComment: SubJobCommentInput;
  jobComment: JobCommentInput;
  jobDocument: JobDocumentInput;
  counterReading: CounterReadingInput;
}
