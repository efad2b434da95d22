/** 000 §9: when the planner is limited to work hours, the day runs from 8:00 to 20:00. */
export const WORK_DAY = { start: '08:00:00', end: '20:00:00' } as const;

type Span = { StartTime: string; EndTime: string };

/**
 * The free stretches of a day's work hours between appointments (wall-clock 'YYYY-MM-DDTHH:mm:ss',
 * compared as text): what is not covered by any appointment from the work day's start to its end.
 * Appointments may overlap, run past either end, or lie outside the work hours altogether.
 */
export function gapsOfDay(
  day: string,
  appointments: readonly Span[],
  work: { start: string; end: string } = WORK_DAY,
): Span[] {
  const dayStart = `${day}T${work.start}`;
  const dayEnd = `${day}T${work.end}`;
  const sorted = [...appointments].sort((a, b) => a.StartTime.localeCompare(b.StartTime));
  const gaps: Span[] = [];
  let free = dayStart;
  for (const a of sorted) {
    if (a.EndTime <= free) continue;
    if (a.StartTime >= dayEnd) break;
    if (a.StartTime > free) gaps.push({ StartTime: free, EndTime: a.StartTime });
    free = a.EndTime;
  }
  if (free < dayEnd) gaps.push({ StartTime: free, EndTime: dayEnd });
  return gaps;
}
