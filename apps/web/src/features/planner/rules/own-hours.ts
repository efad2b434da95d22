import { hoursOnWeekday, parseWorkHour, type UserWorkHours, workTimeMinutes } from '@fieldport/contract';
import type { Resource } from './rows.ts';
import { DAY, MINUTE, weekdayMondayFirst } from './wall-clock.ts';

/** The company's work hours as the server reads them when unset (dispatch.service: 08:00–16:00). */
const COMPANY_START = 8 * 60;
const COMPANY_END = 16 * 60;

/** The company's day in minutes since midnight: GlobalSettings WorkHourStart/End, else 08:00–16:00. */
export function companyHours(workStart?: string, workEnd?: string): { start: number; end: number } {
  const start = workStart ? parseWorkHour(workStart) : null;
  const end = workEnd ? parseWorkHour(workEnd) : null;
  return {
    start: start === null ? COMPANY_START : Math.round(start * 60),
    end: end === null ? COMPANY_END : Math.round(end * 60),
  };
}

const minutesOf = (v: string | null | undefined) => (v ? workTimeMinutes(v) : null);

/** A board row's own working hours (Scheduler/Resources: decisions 097, 100) as the shared rule takes them. */
export function ownHoursOf(resource: Resource): UserWorkHours {
  return {
    workStart: minutesOf(resource.workStart),
    workEnd: minutesOf(resource.workEnd),
    workDays: (resource.workDays ?? []).map((d) => ({
      weekday: d.weekday,
      off: d.off,
      start: minutesOf(d.workStart),
      end: minutesOf(d.workEnd),
    })),
  };
}

/**
 * A user's working hours on a day (planner ms of its midnight): null when their weekday is off; `own`
 * when their own hours (that weekday's or their usual ones) apply rather than the company's.
 */
const hoursOnDay = (own: UserWorkHours, day: number, company: { start: number; end: number }) =>
  hoursOnWeekday(own, weekdayMondayFirst(day) + 1, company);

/**
 * The minutes a user's day holds, for the load bar (issue 30, decision 100): their own hours' length on
 * that day where they have their own, none on an off weekday, else the company's work day (WorkMinutes).
 */
export function capacityMinutes(
  own: UserWorkHours,
  day: number,
  company: { start: number; end: number },
  companyMinutes: number,
): number {
  const hours = hoursOnDay(own, day, company);
  if (hours === null) return 0;
  return hours.own ? hours.end - hours.start : companyMinutes;
}

/**
 * The stretches of a day outside a user's own working hours, to shade on their row ([start, end) in planner
 * ms): before and after their hours, or the whole day when off; none when the company's day applies.
 */
export function offHours(
  own: UserWorkHours,
  day: number,
  company: { start: number; end: number },
): { start: number; end: number }[] {
  const hours = hoursOnDay(own, day, company);
  if (hours === null) return [{ start: day, end: day + DAY }];
  if (!hours.own) return [];
  const parts = [
    { start: day, end: day + hours.start * MINUTE },
    { start: day + hours.end * MINUTE, end: day + DAY },
  ];
  return parts.filter((p) => p.end > p.start);
}
