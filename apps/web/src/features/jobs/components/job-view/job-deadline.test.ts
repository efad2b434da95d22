import { describe, expect, it } from 'vitest';
import { jobDeadline } from './job-deadline.ts';

const now = new Date('2030-05-10T12:00:00Z');

describe('the priority deadline of an existing job', () => {
  it('is due DueAfterHours after the job was created, on the company’s wall clock', () => {
    const job = { CreatedDate: '2030-05-10T10:00:00', JobStatusId: 10 };
    expect(jobDeadline(job, 48, now, 'UTC')).toEqual({ due: '2030-05-12T10:00:00', level: null });
  });

  it('warns within the last 24 hours and is an error once passed', () => {
    const job = { CreatedDate: '2030-05-10T10:00:00', JobStatusId: 10 };
    expect(jobDeadline(job, 8, now, 'UTC')?.level).toBe('warning');
    expect(jobDeadline(job, 1, now, 'UTC')?.level).toBe('error');
  });

  it('is not due once completed, and absent without a priority', () => {
    const job = { CreatedDate: '2030-05-10T10:00:00', JobStatusId: 50 };
    expect(jobDeadline(job, 1, now, 'UTC')?.level).toBeNull();
    expect(jobDeadline(job, null, now, 'UTC')).toBeNull();
  });
});
