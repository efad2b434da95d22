import { describe, expect, it } from 'vitest';
import { isSlow, stillShown } from './task-rules.ts';

const task = (status: 'created' | 'update' | 'completed' | 'failed', keep = false) => ({
  status,
  keepInNotificationBar: keep,
  discreet: false,
});

describe('which tasks the panel shows (000 §4)', () => {
  it('removes a completed task after 4 s unless it is kept, a failed one after 25 s', () => {
    expect(stillShown(task('completed'), { finishedAt: 0, checks: 0 }, 3_999)).toBe(true);
    expect(stillShown(task('completed'), { finishedAt: 0, checks: 0 }, 4_000)).toBe(false);
    expect(stillShown(task('completed', true), { finishedAt: 0, checks: 0 }, 60_000)).toBe(true);
    expect(stillShown(task('failed'), { finishedAt: 0, checks: 0 }, 24_999)).toBe(true);
    expect(stillShown(task('failed'), { finishedAt: 0, checks: 0 }, 25_000)).toBe(false);
  });

  it('flags an unfinished task slow at 5 checks and drops it after 100', () => {
    expect(isSlow(task('update'), 4)).toBe(false);
    expect(isSlow(task('update'), 5)).toBe(true);
    expect(isSlow(task('completed'), 50)).toBe(false);
    expect(stillShown(task('created'), { checks: 99 }, 0)).toBe(true);
    expect(stillShown(task('created'), { checks: 100 }, 0)).toBe(false);
  });

  it('never shows a discreet task', () => {
    expect(stillShown({ ...task('update'), discreet: true }, { checks: 0 }, 0)).toBe(false);
  });
});
