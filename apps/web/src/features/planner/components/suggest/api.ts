import type { ProposedAppointment } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api/client.ts';
import { plannerKeys } from '../../api.ts';
import { appointmentPayload } from '../../rules/appointment-payload.ts';

/** The dispatch suggestions' reads and writes (issue 12, decision 039). */
const suggestKeys = {
  ranked: (jobId: number, start: string, end: string) => ['planner', 'suggest', jobId, start, end] as const,
};

/** The users free for [start, end) ranked for the job, with their reasons (Appointment/available). */
export function useSuggestions(jobId: number, start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: suggestKeys.ranked(jobId, start, end),
    enabled,
    queryFn: ({ signal }) =>
      callApi('appointmentAvailable', { body: { JobId: jobId, StartTime: start, EndTime: end } }, { signal }),
  });
}

/** One planned visit of a job by one user (a suggestion or a proposed appointment accepted). */
export interface Acceptance {
  JobId: number;
  UserId: number;
  UserName: string;
  StartTime: string;
  EndTime: string;
}

const create = (a: Acceptance) =>
  callApi('appointmentCreate', {
    body: appointmentPayload({
      start: a.StartTime,
      end: a.EndTime,
      jobId: a.JobId,
      participants: [{ Id: a.UserId, Name: a.UserName }],
    }),
  });

/** Accepts one suggestion: the appointment is created, the planner reads its days again. */
export function useAcceptSuggestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: create,
    onSuccess: () => client.invalidateQueries({ queryKey: plannerKeys.all }),
  });
}

/** What a proposal covers: its days, the departments, the shown users and the jobs in view. */
export interface ProposalRequest {
  date: string;
  /** The last day of a week's proposal; none for one day. */
  endDate?: string | undefined;
  departments: number[];
  /** The planner's shown users. */
  users: number[];
  /** The unplanned jobs of the job list in view; null when the list is not shown (the server's own). */
  jobs: number[] | null;
}

/** A plan proposed for a day or a week (Appointment/ProposePlan): nothing is saved. */
export function useProposePlan() {
  return useMutation({
    mutationFn: (input: ProposalRequest) =>
      callApi('appointmentProposePlan', {
        body: {
          Date: input.date,
          ...(input.endDate && input.endDate !== input.date ? { EndDate: input.endDate } : {}),
          DepartmentIdList: input.departments.length ? input.departments : null,
          UserIdList: input.users,
          JobIdList: input.jobs,
        },
      }),
  });
}

/**
 * Accepts a proposed plan: its appointments are created one after the other (each is checked as any
 * other: a job planned meanwhile elsewhere still gets it, a job locked meanwhile is refused); the answer
 * says which failed.
 */
export function useAcceptPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (plan: readonly ProposedAppointment[]) => {
      const failed: ProposedAppointment[] = [];
      for (const a of plan) {
        try {
          await create(a);
        } catch {
          failed.push(a);
        }
      }
      return { saved: plan.length - failed.length, failed };
    },
    onSettled: () => client.invalidateQueries({ queryKey: plannerKeys.all }),
  });
}
