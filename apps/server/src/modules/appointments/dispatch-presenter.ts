import { type ProposedPlan, type ServerMessageKey, serverMessage } from '@fieldport/contract';
import type { PlannedRoute, Solution } from '@fieldport/dispatch';
import { km1 } from './dispatch.policy.ts';
import type * as plans from './dispatch.repository.ts';

import { addDays, hhmm, type Vehicle, wallClock } from './dispatch-days.ts';

/** A solved plan as the catalogue's ProposedPlan: each placement with its reasons, in the caller's language. */
export function presentPlan(
  lang: string | undefined,
  p: {
    first: string;
    days: number;
    jobs: Awaited<ReturnType<typeof plans.planJobs>>;
    vehicles: Vehicle[];
    solution: Pick<Solution, 'unplaced' | 'travelDistance' | 'travelDuration'> & {
      routes: readonly PlannedRoute[];
    };
    estimated: boolean;
    /** What the stop at `i` adds to its day's driving. */
    addedOf: (route: PlannedRoute, i: number) => { minutes: number; km: number };
    deadlines: Map<number, { at: number; overdue: boolean }>;
    windows: Map<number, { start: number; end: number }[]>;
  },
): ProposedPlan {
  const byJob = new Map(p.jobs.map((j) => [String(j.id), j]));
  const vehicleOf = (id: string) => p.vehicles[Number(id)]!;
  const nameOf = (id: string) => {
    const v = vehicleOf(id);
    return p.days > 1 ? `${v.user.name} (${addDays(p.first, v.day)})` : v.user.name;
  };
  const appointments: ProposedPlan['Appointments'] = [];
  const routes: NonNullable<ProposedPlan['Routes']> = [];
  for (const route of p.solution.routes) {
    if (route.stops.length === 0) continue;
    const v = vehicleOf(route.technician);
    routes.push({
      UserId: v.user.id,
      UserName: v.user.name,
      Date: addDays(p.first, v.day),
      DepartTime: wallClock(p.first, route.departure),
      ReturnTime: wallClock(p.first, route.returnArrival),
      TravelKm: km1(route.travelDistance),
      TravelMinutes: Math.round(route.travelDuration),
      LoadMinutes: Math.round(route.stops.reduce((n, s) => n + (s.end - s.start), 0)),
      FixedConflict: route.fixedConflict,
    });
    route.stops.forEach((stop, i) => {
      if (stop.kind !== 'job') return;
      const job = byJob.get(stop.id)!;
      const added = p.addedOf(route, i);
      const parts: string[] = [];
      const w =
        stop.window !== undefined && stop.window >= 0 ? p.windows.get(job.id)?.[stop.window] : undefined;
      parts.push(
        w
          ? serverMessage('dispatch_starts_in_window', lang, {
              start: hhmm(p.first, stop.start),
              from: wallClock(p.first, w.start).replace('T', ' ').slice(0, 16),
              to: wallClock(p.first, w.end).replace('T', ' ').slice(0, 16),
            })
          : serverMessage('dispatch_starts_in_hours', lang, { start: hhmm(p.first, stop.start) }),
      );
      const deadline = p.deadlines.get(job.id);
      if (deadline) {
        const at = wallClock(p.first, deadline.at).replace('T', ' ').slice(0, 16);
        if (deadline.overdue) parts.push(serverMessage('dispatch_overdue', lang, { deadline: at }));
        else if (stop.end <= deadline.at)
          parts.push(serverMessage('dispatch_before_deadline', lang, { deadline: at }));
      }
      parts.push(
        serverMessage('dispatch_adds_travel', lang, {
          minutes: Math.round(added.minutes),
          km: km1(added.km).toFixed(1),
          name: nameOf(route.technician),
        }),
      );
      const next = stop.nextBest;
      if (!next) parts.push(serverMessage('dispatch_no_other', lang));
      else {
        const more = Math.round(next.cost - (stop.insertionCost ?? 0));
        parts.push(
          more > 0
            ? serverMessage('dispatch_next_best', lang, { name: nameOf(next.technician), minutes: more })
            : serverMessage('dispatch_next_best_even', lang, { name: nameOf(next.technician) }),
        );
      }
      appointments.push({
        JobId: job.id,
        JobName: job.displayName,
        UserId: v.user.id,
        UserName: v.user.name,
        StartTime: wallClock(p.first, stop.start),
        EndTime: wallClock(p.first, stop.end),
        TravelKm: km1(stop.travelDistance),
        TravelMinutes: Math.round(stop.travelDuration),
        DepartTime: wallClock(p.first, stop.start - stop.wait - stop.travelDuration),
        AddedTravelMinutes: Math.round(added.minutes),
        AddedTravelKm: km1(added.km),
        NextBest: next
          ? {
              UserId: vehicleOf(next.technician).user.id,
              UserName: vehicleOf(next.technician).user.name,
              AddedTravelMinutes: Math.round(next.cost),
            }
          : null,
        Reason: parts.join('; '),
      });
    });
  }
  appointments.sort(
    (a, b) =>
      a.UserName.localeCompare(b.UserName) || a.UserId - b.UserId || a.StartTime.localeCompare(b.StartTime),
  );
  const unplacedOrder = new Map(p.jobs.map((j, i) => [String(j.id), i]));
  const unplaced = [...p.solution.unplaced].sort(
    (a, b) => unplacedOrder.get(a.id)! - unplacedOrder.get(b.id)!,
  );
  return {
    Appointments: appointments,
    Unplaced: unplaced.map((u) => {
      const job = byJob.get(u.id)!;
      return {
        JobId: job.id,
        JobName: job.displayName,
        Code: u.reason,
        Reason: serverMessage(`dispatch_unplaced_${u.reason}` as ServerMessageKey, lang, {
          skills: job.skills.join(', '),
        }),
      };
    }),
    Routes: routes,
    TravelKm: km1(p.solution.travelDistance),
    TravelMinutes: Math.round(p.solution.travelDuration),
    TravelEstimated: p.estimated,
  };
}
