/**
 * Wall-clock times (rules/wall-clock.ts) in the user's language: the planner's ms are the company's wall
 * clock read as UTC, so they are formatted in UTC.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}\u0000${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}

export const formatClock = (ms: number, lang: string) =>
  formatter(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

export const formatLongDay = (ms: number, lang: string) =>
  formatter(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(ms);

export const formatShortDay = (ms: number, lang: string) =>
  formatter(lang, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms);

export const formatDayNumber = (ms: number, lang: string) =>
  formatter(lang, { weekday: 'narrow', day: 'numeric' }).format(ms);

export const formatMonth = (ms: number, lang: string) =>
  formatter(lang, { month: 'long', year: 'numeric' }).format(ms);

/** A time with its day when it is not on the shown day (announcements and names of events). */
export const formatWhen = (ms: number, lang: string) =>
  formatter(lang, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
