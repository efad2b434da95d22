import { type APPOINTMENT_TYPES, canPlan, JOB_STATUS } from '@fieldport/contract';

/** Type 1: a specified time and technician (000 §3); 2 and 3 leave the technician open. */
const SPECIFIED_TECHNICIAN: (typeof APPOINTMENT_TYPES)[number] = 1;

/**
 * What planning may do and what it does to the job (000 §2, §3). The planned status (20) is ours,
 * not the documents': `JOB_STATUS.Planned` of the contract (its row is made by the reference data).
 */
export const appointmentsPolicy = {
  /** A job's appointments may be made, moved or removed while it is below 70. */
  mayPlan: (job: { jobStatusId: number }) => canPlan(job.jobStatusId),

  /** An appointment of a specified technician needs at least one participant. */
  needsParticipant: (type: number) => type === SPECIFIED_TECHNICIAN,

  /** The status a job moves to when it gets an appointment: a new job is planned; null keeps its own. */
  statusWhenPlanned: (job: { jobStatusId: number }): number | null =>
    job.jobStatusId === JOB_STATUS.New ? JOB_STATUS.Planned : null,

  /** The status a job moves to when its last appointment goes: a planned job is new again; null keeps its own. */
  statusWhenUnplanned: (job: { jobStatusId: number }): number | null =>
    job.jobStatusId === JOB_STATUS.Planned ? JOB_STATUS.New : null,
} as const;
