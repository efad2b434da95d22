import { describe, expect, it } from 'vitest';
import { appointmentsPolicy } from '../../src/modules/appointments/appointments.policy.ts';

const job = (jobStatusId: number) => ({ jobStatusId });

describe('what planning may do and does to a job (000 §2, §3)', () => {
  it('plans jobs below 70 only', () => {
    expect([10, 20, 50, 69, 70, 100, 110].filter((s) => appointmentsPolicy.mayPlan(job(s)))).toEqual([
      10, 20, 50, 69,
    ]);
  });
  it('moves a new job to planned (20) and leaves every other status as it is', () => {
    expect(appointmentsPolicy.statusWhenPlanned(job(10))).toBe(20);
    for (const s of [20, 30, 50, 60]) expect(appointmentsPolicy.statusWhenPlanned(job(s))).toBeNull();
  });
  it('moves a planned job back to new when its last appointment goes, and no other', () => {
    expect(appointmentsPolicy.statusWhenUnplanned(job(20))).toBe(10);
    for (const s of [10, 30, 50, 60]) expect(appointmentsPolicy.statusWhenUnplanned(job(s))).toBeNull();
  });
  it('needs a participant for a specified technician (type 1) only', () => {
    expect([1, 2, 3].filter(appointmentsPolicy.needsParticipant)).toEqual([1]);
  });
});
