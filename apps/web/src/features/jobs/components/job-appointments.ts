import { type JobAppointment, toLocalDateTime } from '@fieldport/contract';
import { asUtc } from './job-time.ts';

/** 000 §7: before its start an appointment is upcoming, between start and end in progress, then past. */
export type AppointmentTiming = 'upcoming' | 'inProgress' | 'past';

/** Where an appointment stands at this time, in the company's time zone (its times are wall-clock). */
export function appointmentTiming(
  a: Pick<JobAppointment, 'StartTime' | 'EndTime'>,
  now: Date,
  timeZone: string,
): AppointmentTiming {
  const at = asUtc(toLocalDateTime(now, timeZone)).getTime();
  if (at < asUtc(a.StartTime).getTime()) return 'upcoming';
  return at < asUtc(a.EndTime).getTime() ? 'inProgress' : 'past';
}

/**
 * The start relative to now, in the largest unit that keeps it a whole number of at least one:
 * minutes below an hour, hours below a day, then days (negative in the past).
 */
export function relativeStart(
  start: string,
  now: Date,
  timeZone: string,
): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.round(
    (asUtc(start).getTime() - asUtc(toLocalDateTime(now, timeZone)).getTime()) / 60_000,
  );
  const size = Math.abs(minutes);
  if (size < 60) return { value: minutes, unit: 'minute' };
  if (size < 24 * 60) return { value: Math.trunc(minutes / 60), unit: 'hour' };
  return { value: Math.trunc(minutes / (24 * 60)), unit: 'day' };
}

/**
 * The header of an appointment (000 §2): 'No participants', the single participant's name, 'unnamed
 * participant' when that one has no name, or 'n participants'.
 */
export type ParticipantsHeader =
  | { kind: 'none' }
  | { kind: 'one'; name: string }
  | { kind: 'unnamed' }
  | { kind: 'many'; count: number };

export function participantsHeader(participants: readonly { Name: string }[]): ParticipantsHeader {
  if (participants.length === 0) return { kind: 'none' };
  if (participants.length > 1) return { kind: 'many', count: participants.length };
  const name = participants[0]?.Name.trim() ?? '';
  return name ? { kind: 'one', name } : { kind: 'unnamed' };
}
