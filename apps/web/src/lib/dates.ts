import { toLocalDateTime } from '@fieldport/contract';
import { useEffect, useState } from 'react';
import { useSession } from './session.tsx';

/**
 * The one way to know "now" and "today" in the web app: the company's wall clock
 * (GlobalSettings.TimeZone, the browser's zone where none is set), never a UTC date
 * (`toISOString().slice(0, 10)` is yesterday between midnight and 01:00 in Oslo). Showing a date is
 * i18n/dates.ts's.
 */

/** The browser's own time zone (where the company has set none). */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today's date, 'YYYY-MM-DD', in a time zone (the company's GlobalSettings.TimeZone), not in UTC. */
export const todayIn = (timeZone: string, now: Date = new Date()): string =>
  toLocalDateTime(now, timeZone).slice(0, 10);

/** Now on a time zone's wall clock, 'YYYY-MM-DDTHH:mm:ss'. */
const nowIn = (timeZone: string, now: Date = new Date()): string => toLocalDateTime(now, timeZone);

/** 'YYYY-MM-DD' plus days, on the calendar (no time zone: the day is the company's already). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The company's time zone, the browser's where the company has none. */
export function useCompanyZone(): string {
  const { info } = useSession();
  return info?.GlobalSettings.TimeZone || browserZone();
}

/** Today, 'YYYY-MM-DD', on the company's calendar, as of this render. */
export function useToday(): string {
  return todayIn(useCompanyZone());
}

/** The company's wall clock, 'YYYY-MM-DDTHH:mm:ss', read again every `everyMs` (none: read once). */
export function useCompanyNow(everyMs?: number): string {
  const zone = useCompanyZone();
  const [now, setNow] = useState(() => nowIn(zone));
  useEffect(() => {
    setNow(nowIn(zone));
    if (!everyMs) return;
    const timer = setInterval(() => setNow(nowIn(zone)), everyMs);
    return () => clearInterval(timer);
  }, [zone, everyMs]);
  return now;
}
