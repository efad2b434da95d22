import type { SchedulerData, SchedulerEvent } from '@fieldport/contract';
import type { Resource } from './rows.ts';
import { DAY, parseWallClock, startOfDay } from './wall-clock.ts';

/** The list mode's toggles (PlannerListShowAsJobs, PlannerListHideCompletedJobs, PlannerListHideAbsence). */
export interface ListToggles {
  showAsJobs: boolean;
  hideCompleted: boolean;
  hideAbsence: boolean;
}

/** 000 §4: a job at 50 or above is completed. */
const COMPLETED_STATUS = 50;

/** One line of a day: an appointment, or with show-as-jobs the job of that day's appointments. */
export interface ListItem {
  key: string;
  /** The first appointment's event (its status, subject, job and absence). */
  event: SchedulerEvent;
  start: number;
  end: number;
  participants: Resource[];
  /** How many appointments the line stands for (more than one only as a job). */
  count: number;
}

export interface ListDay {
  day: number;
  items: ListItem[];
}

/** Whether the toggles keep an event (hidden completed jobs and hidden absences go). */
function keptByToggles(event: SchedulerEvent, toggles: ListToggles): boolean {
  if (toggles.hideAbsence && event.isAbsence) return false;
  if (toggles.hideCompleted && (event.jobStatusId ?? 0) >= COMPLETED_STATUS) return false;
  return true;
}

/** Each event's users (by the resources' order), from the assignments. */
function participantsOf(data: SchedulerData, resources: readonly Resource[]) {
  const byId = new Map(resources.map((r) => [r.id, r]));
  const map = new Map<number, Resource[]>();
  for (const a of data.assignments) {
    const r = byId.get(a.resourceId);
    if (r) map.set(a.eventId, [...(map.get(a.eventId) ?? []), r]);
  }
  return map;
}

/**
 * Appointments per user in the range, after the toggles: the resource list's counts. An event counts
 * once for each of its users; users not among `resources` (hidden, other departments) are not counted.
 */
export function countsByUser(
  data: SchedulerData | undefined,
  resources: readonly Resource[],
  toggles: ListToggles,
): Map<number, number> {
  const counts = new Map(resources.map((r) => [r.id, 0]));
  if (!data) return counts;
  const kept = new Set(data.events.filter((e) => keptByToggles(e, toggles)).map((e) => e.id));
  for (const a of data.assignments)
    if (kept.has(a.eventId) && counts.has(a.resourceId))
      counts.set(a.resourceId, (counts.get(a.resourceId) ?? 0) + 1);
  return counts;
}

/**
 * The list mode's days (000 §2): every day of [from, to) in order, each with the appointments that start
 * on it (earliest first) of the chosen user (all shown users when `resourceId` is null), after the
 * toggles. As jobs, a job's appointments of one day make one line from its first start to its last end
 * with all their users; absences stay lines of their own.
 */
export function listDays(
  data: SchedulerData | undefined,
  resources: readonly Resource[],
  range: { from: number; to: number },
  resourceId: number | null,
  toggles: ListToggles,
): ListDay[] {
  const days: ListDay[] = [];
  for (let day = range.from; day < range.to; day += DAY) days.push({ day, items: [] });
  if (!data) return days;
  const people = participantsOf(data, resources);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const jobLines = new Map<string, ListItem>();
  const events = [...data.events].sort(
    (a, b) => parseWallClock(a.startDate) - parseWallClock(b.startDate) || a.id - b.id,
  );
  for (const event of events) {
    if (!keptByToggles(event, toggles)) continue;
    const participants = people.get(event.id) ?? [];
    if (participants.length === 0) continue;
    if (resourceId !== null && !participants.some((p) => p.id === resourceId)) continue;
    const start = parseWallClock(event.startDate);
    const end = parseWallClock(event.endDate);
    const target = byDay.get(startOfDay(start));
    if (!target) continue;
    if (toggles.showAsJobs && event.jobId !== null) {
      const key = `j${event.jobId}:${target.day}`;
      const line = jobLines.get(key);
      if (line) {
        line.end = Math.max(line.end, end);
        line.count += 1;
        for (const p of participants) if (!line.participants.includes(p)) line.participants.push(p);
        continue;
      }
      const item = { key, event, start, end, participants: [...participants], count: 1 };
      jobLines.set(key, item);
      target.items.push(item);
      continue;
    }
    target.items.push({ key: `a${event.id}`, event, start, end, participants, count: 1 });
  }
  return days;
}
