import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, presetRange } from './date-presets.ts';

describe('the logs’ date presets (001 §9)', () => {
  // Wednesday 25 November 2026.
  const today = new Date(2026, 10, 25, 14, 30);

  it('gives each preset’s first and last day, weeks from Monday', () => {
    expect(Object.fromEntries(DATE_PRESETS.map((p) => [p, presetRange(p, today)]))).toEqual({
      thisWeek: { DateFrom: '2026-11-23', DateTo: '2026-11-29' },
      lastWeek: { DateFrom: '2026-11-16', DateTo: '2026-11-22' },
      thisMonth: { DateFrom: '2026-11-01', DateTo: '2026-11-30' },
      lastMonth: { DateFrom: '2026-10-01', DateTo: '2026-10-31' },
      thisYear: { DateFrom: '2026-01-01', DateTo: '2026-12-31' },
      lastYear: { DateFrom: '2025-01-01', DateTo: '2025-12-31' },
      last90Days: { DateFrom: '2026-08-28', DateTo: '2026-11-25' },
    });
  });

  it('crosses a year at its start: on a Sunday 3 January the week began in December', () => {
    const sunday = new Date(2027, 0, 3);
    expect(presetRange('thisWeek', sunday)).toEqual({ DateFrom: '2026-12-28', DateTo: '2027-01-03' });
    expect(presetRange('lastMonth', sunday)).toEqual({ DateFrom: '2026-12-01', DateTo: '2026-12-31' });
  });
});
