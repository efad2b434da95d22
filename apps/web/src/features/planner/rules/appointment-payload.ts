import type { AppointmentCreateInput } from '@fieldport/contract';

/** A user taking part, as the catalogue names one. */
export interface ParticipantRef {
  Id: number;
  Name: string;
}

/**
 * The catalogue's appointment payload for Appointment/create and /change (000 §3, §7): Subject,
 * AppointmentDate, StartTime, EndTime, JobId, Type and Participants with Id and Name. Times are the
 * company's wall clock, 'YYYY-MM-DDTHH:mm:ss'; the date is the start's.
 */
export function appointmentPayload(a: {
  start: string;
  end: string;
  jobId: number | null;
  participants: readonly ParticipantRef[];
  subject?: string;
  type?: number;
}) {
  const participants: ParticipantRef[] = a.participants.map((p) => ({ Id: p.Id, Name: p.Name }));
  return {
    Subject: a.subject ?? '',
    AppointmentDate: a.start.slice(0, 10),
    StartTime: a.start,
    EndTime: a.end,
    JobId: a.jobId,
    Type: a.type ?? 1,
    Participants: participants,
  } satisfies AppointmentCreateInput;
}
