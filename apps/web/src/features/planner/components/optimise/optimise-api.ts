import type { OptimisedDay } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../../lib/api/client.ts';
import { plannerKeys } from '../../api.ts';

/**
 * The optimised day's key: outside ['planner'] so that a live change elsewhere does not run the solver
 * again under the dispatcher's eyes; a refused apply reads it again on purpose.
 */
const optimiseKeys = {
  day: (userId: number, date: string) => ['optimise-day', userId, date] as const,
};

/** A user's day resequenced to cut driving, before and after (Appointment/OptimiseDay): nothing saved. */
export function useOptimisedDay(userId: number, date: string) {
  return useQuery({
    queryKey: optimiseKeys.day(userId, date),
    queryFn: ({ signal }) =>
      callApi('appointmentOptimiseDay', { body: { UserId: userId, Date: date } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The appointments whose times the optimised order changes (the fixed ones never do). */
export const movedOf = (day: OptimisedDay) =>
  day.Appointments.filter((a) => !a.Fixed && (a.StartTime !== a.OldStartTime || a.EndTime !== a.OldEndTime));

/** An apply refused because the day changed meanwhile (a 409 of ChangeTimes: a newer row version). */
export class DayChangedError extends Error {}

/**
 * Applies an optimised day: each moved appointment through Scheduler/Events/ChangeTimes with the row
 * version the optimisation read, so every rule of a move applies. A 409 stops there (DayChangedError):
 * the day changed meanwhile. The planner's days and the optimisation are read again either way.
 */
export function useApplyOptimisedDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (day: OptimisedDay) => {
      const moved = movedOf(day);
      for (const a of moved) {
        try {
          await callApi(
            'schedulerChangeTimes',
            { body: { id: a.Id, startDate: a.StartTime, endDate: a.EndTime, rowVersion: a.RowVersion } },
            { silent: true },
          );
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) throw new DayChangedError();
          throw err;
        }
      }
      return moved.length;
    },
    onSettled: (_data, _error, day) => {
      void client.invalidateQueries({ queryKey: plannerKeys.all });
      void client.invalidateQueries({ queryKey: optimiseKeys.day(day.UserId, day.Date) });
    },
  });
}
