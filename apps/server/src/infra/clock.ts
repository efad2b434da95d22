/** Time behind an interface so tests can hold it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
