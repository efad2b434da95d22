/** Formats an instant as the company's local wall clock, YYYY-MM-DDTHH:mm:ss (spec README, Dates). */
export function toLocalDateTime(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return parts.replace(' ', 'T');
}
