import { describe, expect, it } from 'vitest';
import { kpiOf, summed } from '../../src/modules/kpi/kpi.policy.ts';
import type { KpiRow } from '../../src/modules/kpi/kpi.repository.ts';

const H = 3_600_000;
const created = Date.UTC(2026, 10, 2, 8); // 09:00 in Oslo
const row = (over: Partial<KpiRow> = {}): KpiRow => ({
  id: 1,
  created_at: created,
  status: 50,
  first_appointment: '2026-11-02T13:00:00',
  first_appointment_at: created + 4 * H,
  visits: 1,
  completed_at: created + 7.25 * H,
  revisit_of: null,
  followed_by: null,
  first_time_fix: null,
  exclude_from_kpi: null,
  reason: null,
  row_version: null,
  ...over,
});

describe('a job’s KPIs', () => {
  it('gives response and completion hours to a tenth, in the company’s wall clock', () => {
    expect(kpiOf(row(), 'Europe/Oslo')).toMatchObject({
      Created: '2026-11-02T09:00:00',
      ResponseHours: 4,
      Completed: '2026-11-02T16:15:00',
      CompletionHours: 7.3,
      FirstTimeFix: true,
      FirstTimeFixSet: false,
    });
  });

  it('is no first-time fix after two visits or a job that followed; none while not completed', () => {
    expect(kpiOf(row({ visits: 2 }), 'Europe/Oslo').FirstTimeFix).toBe(false);
    expect(kpiOf(row({ followed_by: 9 }), 'Europe/Oslo').FirstTimeFix).toBe(false);
    expect(kpiOf(row({ status: 20, completed_at: null }), 'Europe/Oslo').FirstTimeFix).toBeNull();
    // The service manager's setting wins.
    expect(kpiOf(row({ visits: 3, first_time_fix: true }), 'Europe/Oslo')).toMatchObject({
      FirstTimeFix: true,
      FirstTimeFixSet: true,
    });
  });

  it('sums jobs, leaving out the excluded, the rate over the judged ones only', () => {
    const kpis = [
      kpiOf(row(), 'UTC'),
      kpiOf(row({ visits: 2, completed_at: created + 30 * H }), 'UTC'),
      kpiOf(
        row({
          status: 20,
          completed_at: null,
          first_appointment_at: null,
          first_appointment: null,
          revisit_of: 1,
        }),
        'UTC',
      ),
      kpiOf(row({ exclude_from_kpi: true }), 'UTC'),
    ];
    expect(summed(kpis)).toEqual({
      Jobs: 3,
      Completed: 2,
      AverageResponseHours: 4,
      // The mean of the hours each job shows (7.3 and 30).
      AverageCompletionHours: 18.7,
      FirstTimeFixes: 1,
      FirstTimeFixRate: 0.5,
      Revisits: 1,
    });
    expect(summed([])).toMatchObject({ Jobs: 0, AverageResponseHours: null, FirstTimeFixRate: null });
  });
});
