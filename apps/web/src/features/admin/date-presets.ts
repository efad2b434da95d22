/** The date presets of 001 §9: this/last week, month, year, and the last 90 days. Weeks start on Monday. */
export const DATE_PRESETS = [
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'lastYear',
  'last90Days',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const day = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const at = (y: number, m: number, d: number) => new Date(y, m, d);

/** The preset's days, both included, as 'YYYY-MM-DD', around `today` (the company's day, lib/dates.ts's
 * useToday, as a Date at its local midnight). */
export function presetRange(preset: DatePreset, today: Date): { DateFrom: string; DateTo: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const monday = d - ((today.getDay() + 6) % 7);
  switch (preset) {
    case 'thisWeek':
      return { DateFrom: day(at(y, m, monday)), DateTo: day(at(y, m, monday + 6)) };
    case 'lastWeek':
      return { DateFrom: day(at(y, m, monday - 7)), DateTo: day(at(y, m, monday - 1)) };
    case 'thisMonth':
      return { DateFrom: day(at(y, m, 1)), DateTo: day(at(y, m + 1, 0)) };
    case 'lastMonth':
      return { DateFrom: day(at(y, m - 1, 1)), DateTo: day(at(y, m, 0)) };
    case 'thisYear':
      return { DateFrom: day(at(y, 0, 1)), DateTo: day(at(y, 11, 31)) };
    case 'lastYear':
      return { DateFrom: day(at(y - 1, 0, 1)), DateTo: day(at(y - 1, 11, 31)) };
    case 'last90Days':
      return { DateFrom: day(at(y, m, d - 89)), DateTo: day(at(y, m, d)) };
  }
}
