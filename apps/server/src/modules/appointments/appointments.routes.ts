import type { appointmentRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { AppointmentService } from './appointments.service.ts';
import type { DispatchService } from './dispatch.service.ts';

/** Appointments and the scheduler's data (002 §7.2): parse, authorise, call, present. */
export function appointmentHandlers(
  svc: AppointmentService,
  dispatch: DispatchService,
): Handlers<typeof appointmentRoutes> {
  return {
    appointmentDateRange: async (ctx) => svc.inRange(callerOf(ctx), ctx.query),
    appointmentsOfJob: async (ctx) => svc.ofJob(callerOf(ctx), ctx.params.id),
    appointmentGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    appointmentCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    appointmentChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    appointmentDelete: async (ctx) => svc.remove(callerOf(ctx), ctx.params.id),
    appointmentAvailable: async (ctx) => dispatch.available(callerOf(ctx), ctx.body),
    appointmentProposePlan: async (ctx) => dispatch.proposePlan(callerOf(ctx), ctx.body),
    appointmentProposedPlan: async (ctx) => dispatch.proposedPlan(callerOf(ctx), ctx.params.id),
    appointmentOptimiseDay: async (ctx) => dispatch.optimiseDay(callerOf(ctx), ctx.body),
    appointmentBookable: async () => svc.bookable(),
    schedulerDateRange: async (ctx) => svc.scheduler(callerOf(ctx), ctx.query),
    schedulerTravel: async (ctx) => dispatch.board(callerOf(ctx), ctx.query),
    schedulerEvent: async (ctx) => svc.schedulerEvent(callerOf(ctx), ctx.params.id),
    schedulerResources: async () => svc.resources(),
    schedulerChangeTimes: async (ctx) => svc.changeTimes(callerOf(ctx), ctx.body),
  };
}
