/** Appointment timing (000 §4): before its start upcoming, between start and end in progress, after past. */
export type TimingState = 'upcoming' | 'inProgress' | 'past';

export function timingState(now: number, start: number, end: number): TimingState {
  if (now < start) return 'upcoming';
  if (now < end) return 'inProgress';
  return 'past';
}
