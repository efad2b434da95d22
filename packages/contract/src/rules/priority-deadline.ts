/** 000 §9: remaining hours = DueAfterHours minus hours since creation; below 0 red, below 24 warning. */
export function priorityDeadline(dueAfterHours: number, created: Date, now: Date) {
  const hoursSince = (now.getTime() - created.getTime()) / 3_600_000;
  const remaining = dueAfterHours - hoursSince;
  const level = remaining < 0 ? 'error' : remaining < 24 ? 'warning' : 'ok';
  return { remaining, level } as const;
}

/** Time since creation: days, or hours when under one day. */
export function ageOf(created: Date, now: Date): { daysAgo: number; hoursAgo: number } {
  const hours = Math.max(0, Math.floor((now.getTime() - created.getTime()) / 3_600_000));
  return { daysAgo: Math.floor(hours / 24), hoursAgo: hours };
}
