// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../lib/api/test-fetch.ts';
import { setTokens } from '../../lib/api/token-store.ts';
import { setLiveState } from '../../lib/live-state.ts';
import { refreshTasks, watchTasks } from './task-poller.ts';
import { taskOf } from './test-data.ts';

const running = taskOf(1);

let stop: (() => void) | null = null;
let tasks: unknown[] = [];
let asked = 0;
const seen: unknown[][] = [];

beforeEach(() => {
  vi.useFakeTimers();
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  tasks = [running];
  asked = 0;
  seen.length = 0;
  mockFetch(() => {
    asked++;
    return json(200, tasks);
  });
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setTokens(null);
  setLiveState({ connection: 'off', shutdownMessage: null });
});

const watch = async () => {
  stop = watchTasks((t) => seen.push(t));
  await vi.advanceTimersByTimeAsync(0);
};

describe('the task poller (000 §4) and the live connection', () => {
  it('polls every 5 s while a task runs and the live connection is not up', async () => {
    setLiveState({ connection: 'disconnected' });
    await watch();
    expect(asked).toBe(1);
    expect(seen.at(-1)).toEqual([running]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toBe(4);
  });

  it('while connected it does not poll: it checks on a task event, and once on each (re)connect', async () => {
    setLiveState({ connection: 'connecting' });
    await watch();
    expect(asked).toBe(1);
    // Connected: one check for what may have been missed, then quiet.
    setLiveState({ connection: 'connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked).toBe(2);

    // A task event: checked at once, and the panel gets the new list.
    tasks = [{ ...running, status: 'completed', progress: 100 }];
    refreshTasks();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(3);
    expect(seen.at(-1)).toEqual(tasks);

    // Lost: polling resumes (30 s, nothing unfinished); back: one check, then quiet again.
    setLiveState({ connection: 'disconnected' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(asked).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toBe(4);
    setLiveState({ connection: 'connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(5);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(asked).toBe(5);
  });

  it('stops checking when nobody watches', async () => {
    setLiveState({ connection: 'disconnected' });
    await watch();
    stop?.();
    stop = null;
    setLiveState({ connection: 'connected' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toBe(1);
  });
});
