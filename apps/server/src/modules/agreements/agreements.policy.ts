/**
 * When a service agreement's next visit is due (issue 15), as pure functions over dates as
 * 'YYYY-MM-DD'. By date: the first visit on the start date, then every IntervalMonths after the last
 * one called for. By counter: when the counter's running total (meter changes add the old meter's last
 * value) reaches the total at the last visit plus CounterInterval; before it has, the day is estimated
 * from the counter's daily use. The earlier of the two is the due date; a visit resets both.
 */

export interface CounterState {
  /** The running total at the last reading. */
  total: number;
  /** The day of the last reading. */
  lastReadDate: string;
  /** Units a day over the last year's readings; null with too few readings to tell. */
  dailyRate: number | null;
}

export interface AgreementTerms {
  startDate: string;
  /** The last day a visit may be due; null or left out: open-ended. */
  endDate?: string | null;
  intervalMonths: number | null;
  lastServiceDate: string | null;
  counterInterval: number | null;
  /** The counter's total when the last visit was called for (or when the agreement was made). */
  lastServiceCounter: number | null;
}

export interface NextDue {
  dueDate: string;
  dueBy: 'Date' | 'Counter';
  /** The counter total the visit is due at (agreements with a counter interval and a reading). */
  dueAtCounter: number | null;
}

const DAY_MS = 86_400_000;
const toDay = (d: string) =>
  Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => fromDay(toDay(day) + days * DAY_MS);

/** The same day `months` later, the month's last day where it is shorter (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + months;
  const d = Number(day.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromDay(Date.UTC(year, month, Math.min(d, last)));
}

/** The day the date interval calls for next: the start, then IntervalMonths after the last visit. */
export function dueByDate(t: AgreementTerms): string | null {
  if (t.intervalMonths === null) return null;
  return t.lastServiceDate === null ? t.startDate : addMonths(t.lastServiceDate, t.intervalMonths);
}

/** The total and the day the counter interval calls for next; the day null when it cannot be told. */
export function dueByCounter(
  t: AgreementTerms,
  c: CounterState | null,
): { dueAt: number; date: string | null } | null {
  if (t.counterInterval === null || c === null) return null;
  const dueAt = (t.lastServiceCounter ?? 0) + t.counterInterval;
  if (c.total >= dueAt) return { dueAt, date: c.lastReadDate };
  if (!c.dailyRate || c.dailyRate <= 0) return { dueAt, date: null };
  return { dueAt, date: addDays(c.lastReadDate, Math.ceil((dueAt - c.total) / c.dailyRate)) };
}

/**
 * The next visit: the earlier of the date's and the counter's; null when neither can be told, or when
 * it falls after the agreement's end.
 */
export function nextDue(t: AgreementTerms, c: CounterState | null): NextDue | null {
  const due = nextDueOpenEnded(t, c);
  return due && t.endDate && due.dueDate > t.endDate ? null : due;
}

function nextDueOpenEnded(t: AgreementTerms, c: CounterState | null): NextDue | null {
  const byDate = dueByDate(t);
  const byCounter = dueByCounter(t, c);
  const counterDate = byCounter?.date ?? null;
  const dueAt = byCounter?.dueAt ?? null;
  if (byDate === null && counterDate === null) return null;
  if (counterDate !== null && (byDate === null || counterDate < byDate))
    return { dueDate: counterDate, dueBy: 'Counter', dueAtCounter: dueAt };
  return { dueDate: byDate!, dueBy: 'Date', dueAtCounter: dueAt };
}

/**
 * Running totals of a counter's readings in time order: a meter change starts a new meter, so the old
 * meter's last value is added to every later reading.
 */
export function runningTotals(readings: readonly { value: number; isMeterChange: boolean }[]): number[] {
  let offset = 0;
  let previous: number | null = null;
  return readings.map((r) => {
    if (r.isMeterChange && previous !== null) offset += previous;
    previous = r.value;
    return r.value + offset;
  });
}
