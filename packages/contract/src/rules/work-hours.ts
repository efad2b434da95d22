/** 'hh:mm' to decimal hours (000 §5); null when malformed. */
export function parseWorkHour(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return hours + minutes / 60;
}

/** Work-hour values are shown rounded to the nearest quarter hour. */
export const roundToQuarterHour = (hours: number): number => Math.round(hours * 4) / 4;

/** Minutes rounded to the nearest increment (default 15, 001 §5). */
export const roundMinutes = (minutes: number, increment = 15): number =>
  Math.round(minutes / increment) * increment;

/** 'hh:mm' to whole minutes since midnight (a user's own working hours, decision 097); null when malformed. */
export function workTimeMinutes(value: string): number | null {
  const hours = parseWorkHour(value);
  return hours === null ? null : Math.round(hours * 60);
}

/** Minutes since midnight as "HH:mm" (1440: "24:00"). */
export const workTimeText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
