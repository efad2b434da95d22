/** An appointment as the job list answers it. */
interface Visit {
  StartTime: string;
  EndTime: string;
  IsAbsence: boolean;
}

/**
 * A job's next visit: the first of its appointments (earliest first) that has not ended by `now`
 * (local wall-clock `YYYY-MM-DDTHH:mm:ss`, compared as text), else null.
 */
export function nextVisit<V extends Visit>(appointments: readonly V[], now: string): V | null {
  return appointments.find((a) => !a.IsAbsence && a.EndTime >= now) ?? null;
}
