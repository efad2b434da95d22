const LOCAL_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

// Building a formatter costs far more than using one (about 50 µs against 2 µs: it loads the zone's
// rules and the locale's patterns), and a list formats every row: one formatter per (time zone,
// options), kept. Both the server and the browser use this.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The sv-SE formatter (ISO-like digits) of a time zone and options, built once. */
function formatterFor(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}\u0000${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats an instant as the wall clock of a time zone (the company's), YYYY-MM-DDTHH:mm:ss (spec README, Dates). */
export function toLocalDateTime(date: Date, timeZone: string): string {
  return formatterFor(timeZone, LOCAL_DATE_TIME).format(date).replace(' ', 'T');
}

const DATE_TIME_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Whether 'YYYY-MM-DD', with or without 'THH:mm' or 'THH:mm:ss' after it, names a day of the calendar
 * and a time of the clock: the format alone lets 2026-13-01 or 2026-02-30T24:00:00 through, which the
 * database refuses (or worse, moves to another day).
 */
export function isRealDateTime(v: string): boolean {
  const m = DATE_TIME_PARTS.exec(v);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((p) => Number(p ?? 0));
  if (year! < 1 || month! < 1 || month! > 12 || day! < 1) return false;
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return day! <= daysInMonth && hour < 24 && minute < 60 && second < 60;
}

const DAY_MS = 86_400_000;

/** Monday 00:00 of the week of `now` on the company's clock (`timeZone`), as an instant. */
export function startOfWeek(now: Date, timeZone: string): Date {
  const local = toLocalDateTime(now, timeZone);
  const asUtc = Date.parse(`${local}Z`);
  const weekday = (new Date(asUtc).getUTCDay() + 6) % 7;
  const mondayLocal = new Date(asUtc - weekday * DAY_MS).toISOString().slice(0, 10);
  // The instant whose wall clock reads Monday 00:00: the zone's offset then, found from a first guess.
  const guess = Date.parse(`${mondayLocal}T00:00:00Z`);
  const offset = Date.parse(`${toLocalDateTime(new Date(guess), timeZone)}Z`) - guess;
  return new Date(guess - offset);
}
