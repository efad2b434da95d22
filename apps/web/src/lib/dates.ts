import { toLocalDateTime } from '@fieldport/contract';

/** The browser's own time zone (where the company has set none). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today's date, 'YYYY-MM-DD', in a time zone (the company's GlobalSettings.TimeZone), not in UTC. */
export const todayIn = (timeZone: string, now: Date = new Date()): string =>
  toLocalDateTime(now, timeZone).slice(0, 10);
