import { setTimeout as wait } from 'node:timers/promises';

/** Time behind an interface so tests can hold it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Waits without holding the event loop (a timer); tests hand in one that records the wait instead. */
export type Sleep = (ms: number) => Promise<void>;
export const timerSleep: Sleep = async (ms) => {
  if (ms > 0) await wait(ms);
};
