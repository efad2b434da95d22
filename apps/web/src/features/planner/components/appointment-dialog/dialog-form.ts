import { type Appointment, FIELD_MESSAGES } from '@fieldport/contract';
import { z } from 'zod';
import { appointmentPayload } from '../../rules/appointment-payload.ts';
import { newTimes, settleEnd } from '../../rules/dialog-times.ts';
import { formatWallClock, parseWallClock } from '../../rules/wall-clock.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The appointment dialog's form: a day, a start and an end on it (an end before the start is the next
 * day's), the type and the participants; type 1 (a specified technician) needs one, an absence its
 * description.
 */
export const AppointmentForm = z
  .object({
    isAbsence: z.boolean(),
    Subject: z.string().trim().max(200, FIELD_MESSAGES.max(200)),
    date: z.string().regex(DATE, FIELD_MESSAGES.required),
    start: z.string().regex(TIME, FIELD_MESSAGES.required),
    end: z.string().regex(TIME, FIELD_MESSAGES.required),
    Type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    Participants: z.array(z.object({ Id: z.number().int(), Name: z.string() })).max(200),
  })
  .superRefine((v, ctx) => {
    if (v.isAbsence && v.Subject === '')
      ctx.addIssue({ code: 'custom', path: ['Subject'], message: FIELD_MESSAGES.required });
    if (v.Type === 1 && v.Participants.length === 0)
      ctx.addIssue({ code: 'custom', path: ['Participants'], message: 'planner:dialog.participantRequired' });
  });
export type AppointmentFormValues = z.input<typeof AppointmentForm>;

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/** Start and end ms of the form's day and times; the end on the next day when before the start. */
export function formTimes(v: Pick<AppointmentFormValues, 'date' | 'start' | 'end'>) {
  const start = parseWallClock(`${v.date}T${v.start}`);
  const end = parseWallClock(`${v.date}T${v.end}`);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return { start, end: settleEnd(start, end) };
}

/** The form's values for a start and end ms. */
export const timesToForm = (start: number, end: number) => ({
  date: formatWallClock(start).slice(0, 10),
  start: clock(start),
  end: clock(end),
});

export interface NewAppointment {
  now: number;
  jobId: number | null;
  estimate: number | null | undefined;
  start?: number;
  end?: number;
  participant?: { Id: number; Name: string };
}

/** An existing appointment's values, or a new one's defaults (000 §4). */
export function formDefaults(existing: Appointment | null, fresh: NewAppointment): AppointmentFormValues {
  if (existing) {
    const start = parseWallClock(existing.StartTime);
    const end = parseWallClock(existing.EndTime);
    return {
      isAbsence: existing.IsAbsence,
      Subject: existing.IsAbsence ? existing.Subject : '',
      ...timesToForm(start, end),
      Type: (existing.Type === 2 || existing.Type === 3 ? existing.Type : 1) as 1 | 2 | 3,
      Participants: existing.Participants.map((p) => ({ Id: p.Id, Name: p.Name })),
    };
  }
  const { start, end } = newTimes(fresh.now, fresh.estimate, { start: fresh.start, end: fresh.end });
  return {
    isAbsence: fresh.jobId === null,
    Subject: '',
    ...timesToForm(start, end),
    Type: 1,
    Participants: fresh.participant ? [fresh.participant] : [],
  };
}

/** The body of Appointment/create or, with the appointment read, Appointment/change. */
export function saveBody(v: AppointmentFormValues, jobId: number | null, existing: Appointment | null) {
  const times = formTimes(v);
  if (!times) return null;
  const body = appointmentPayload({
    subject: v.isAbsence ? v.Subject.trim() : existing && !existing.IsAbsence ? existing.Subject : '',
    start: formatWallClock(times.start),
    end: formatWallClock(times.end),
    jobId,
    type: v.Type,
    participants: v.Participants,
  });
  return existing ? { ...body, Id: existing.Id, RowVersion: existing.RowVersion } : body;
}
