import { toLocalDateTime } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { appointmentParticipants, appointments, jobs } from '../../db/schema/index.ts';
import { defaultFake, type Executor, type Fake, one } from './fake.ts';
import { createJob } from './jobs.ts';
import { createUser, type User } from './organisation.ts';

export type Appointment = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;

/** The company's time zone when none is configured (GlobalSettings.TimeZone). */
export const DEFAULT_TIME_ZONE = 'Europe/Oslo';

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock parts of an instant in a time zone. */
export function wallClock(instant: Date, timeZone = DEFAULT_TIME_ZONE) {
  const local = toLocalDateTime(instant, timeZone);
  return {
    date: local.slice(0, 10),
    time: local.slice(11),
    /** 'YYYY-MM-DD HH:mm:ss', the form appointment times are stored in. */
    text: local.replace('T', ' '),
  };
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Monday (weeks start on Monday) of the local week that holds `instant`: 'YYYY-MM-DD'. */
export function mondayOf(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const { date } = wallClock(instant, timeZone);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** 'YYYY-MM-DD' and minutes after midnight → 'YYYY-MM-DD HH:mm:00'. */
export function atMinutes(date: string, minutes: number): string {
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

export interface AppointmentOverrides extends Partial<NewAppointment> {
  /** Participants (users or their ids); default one new bookable technician. */
  participants?: readonly (User | number)[];
}

export type AppointmentWithParticipants = Appointment & { participantIds: number[] };

/**
 * An appointment (local wall-clock times, default tomorrow 09:00–11:00 in Oslo) on a job (a new
 * one unless given; none for an absence) with its participants.
 */
export async function createAppointment(
  db: Executor,
  overrides: AppointmentOverrides = {},
  f: Fake = defaultFake,
): Promise<AppointmentWithParticipants> {
  const { participants, ...values } = overrides;
  const isAbsence = values.isAbsence ?? false;
  let subject = values.subject;
  if (values.jobId === undefined && !isAbsence) {
    const job = await createJob(db, {}, f);
    values.jobId = job.id;
    subject ??= job.displayName;
  } else if (values.jobId != null && subject === undefined) {
    const [job] = await db
      .select({ displayName: jobs.displayName })
      .from(jobs)
      .where(eq(jobs.id, values.jobId));
    subject = job?.displayName ?? '';
  }
  const day = addDays(wallClock(new Date()).date, 1);
  const appointment = one(
    await db
      .insert(appointments)
      .values({
        startTime: atMinutes(day, 9 * 60),
        endTime: atMinutes(day, 11 * 60),
        type: 1,
        ...values,
        isAbsence,
        subject: subject ?? (isAbsence ? 'Absence' : ''),
      })
      .returning(),
  );
  const ids = participants
    ? participants.map((p) => (typeof p === 'number' ? p : p.id))
    : [(await createUser(db, { userTypeId: 2 }, f)).id];
  if (ids.length > 0)
    await db
      .insert(appointmentParticipants)
      .values(ids.map((userId) => ({ appointmentId: appointment.id, userId })));
  return { ...appointment, participantIds: ids };
}
