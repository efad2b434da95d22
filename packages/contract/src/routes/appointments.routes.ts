import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  Appointment,
  AppointmentChangeInput,
  AppointmentCreateInput,
  AvailableInput,
  AvailableUser,
  BookableUser,
  ChangeTimesInput,
  DateRangeQuery,
  OptimiseDayInput,
  OptimisedDay,
  ProposedPlan,
  ProposePlanInput,
  SchedulerData,
  SchedulerResource,
  TravelBoard,
  TravelBoardQuery,
} from '../schemas/appointments.ts';
import { RecordIdParams } from '../schemas/fields.ts';

/**
 * Appointments and the scheduler's data (002 §7.2). Everyone may read appointments, but customer users
 * and partners only those of their company's jobs (never absences); staff plan them. The scheduler's
 * calls are the planner's: Admin and Technician (001 §6).
 */
const readers = users(ALL_USER_TYPES, { permission: 'Module.Jobs' });
const planners = users(STAFF, { permission: 'Appointment.Edit' });
const planner = users([1, 2], { permission: 'Module.Planner' });
const dispatcher = users([1, 2], { permission: 'Module.Planner', licence: 'AutoDispatch' });

export const appointmentRoutes = {
  appointmentDateRange: defineRoute({
    method: 'GET',
    path: sp('Appointment/DateRange/'),
    summary: 'Appointments that overlap the days date1 to date2 (both included), earliest first.',
    access: readers,
    query: DateRangeQuery,
    response: json(z.array(Appointment)),
  }),
  appointmentsOfJob: defineRoute({
    method: 'GET',
    path: sp('Appointment/job/:id'),
    summary: 'The appointments of a job, earliest first.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(Appointment)),
  }),
  appointmentGet: defineRoute({
    method: 'GET',
    path: sp('Appointment/get/:id'),
    summary: 'One appointment with its job.',
    access: readers,
    params: RecordIdParams,
    response: json(Appointment),
  }),
  appointmentCreate: defineRoute({
    method: 'POST',
    path: sp('Appointment/create'),
    summary:
      'Create an appointment for a job below status 70 (a new job becomes planned), or an absence with its description.',
    access: planners,
    body: AppointmentCreateInput,
    response: json(Appointment),
  }),
  appointmentChange: defineRoute({
    method: 'PATCH',
    path: sp('Appointment/change'),
    summary: 'Change an appointment; a RowVersion older than the stored one answers 409 and changes nothing.',
    access: planners,
    body: AppointmentChangeInput,
    response: json(Appointment),
  }),
  appointmentDelete: defineRoute({
    method: 'DELETE',
    path: sp('Appointment/delete/:id'),
    summary: 'Delete an appointment; a planned job left without one is new again.',
    access: planners,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
  appointmentAvailable: defineRoute({
    method: 'POST',
    path: sp('Appointment/available'),
    summary:
      'The bookable users with no appointment overlapping the time, ranked by the driving that inserting the job (JobId) at that time adds to their day, then by their load that day, with the reason.',
    access: planners,
    body: AvailableInput,
    response: json(z.array(AvailableUser)),
  }),
  appointmentProposePlan: defineRoute({
    method: 'POST',
    path: sp('Appointment/ProposePlan'),
    summary:
      'A proposed plan for a day or up to a week: the chosen (or unplanned) jobs placed on the chosen technicians within their work hours, windows, departments and skills, around their fixed appointments, with travel; saves nothing (AutoDispatch licence). A proposal too large to answer at once answers its background Task instead (progress, cancel; the plan at Appointment/ProposePlan/{taskId}).',
    access: dispatcher,
    body: ProposePlanInput,
    response: json(ProposedPlan),
  }),
  appointmentProposedPlan: defineRoute({
    method: 'GET',
    path: sp('Appointment/ProposePlan/:id'),
    summary:
      'The plan a proposal task (ProposePlan answered with a Task) made, once the task is completed: its owner’s only (decision 066).',
    access: dispatcher,
    params: RecordIdParams,
    response: json(ProposedPlan),
  }),
  appointmentOptimiseDay: defineRoute({
    method: 'POST',
    path: sp('Appointment/OptimiseDay'),
    summary:
      'A technician’s day with its movable appointments resequenced to cut driving, before and after; saves nothing (apply with Scheduler/Events/ChangeTimes; AutoDispatch licence).',
    access: dispatcher,
    body: OptimiseDayInput,
    response: json(OptimisedDay),
  }),
  appointmentBookable: defineRoute({
    method: 'GET',
    path: sp('Appointment/bookable'),
    summary: 'The active bookable users, by name.',
    access: planners,
    response: json(z.array(BookableUser)),
  }),
  schedulerDateRange: defineRoute({
    method: 'GET',
    path: sp('Scheduler/DateRange/'),
    summary: 'The scheduler’s events overlapping the days date1 to date2, and their assignments to users.',
    access: planner,
    query: DateRangeQuery,
    response: json(SchedulerData),
  }),
  schedulerTravel: defineRoute({
    method: 'GET',
    path: sp('Scheduler/Travel/'),
    summary:
      'The drive before each appointment of the days date1 to date2 (at most 7): from the previous appointment, or from home (else the main office) for the day’s first; whether it is reachable in time.',
    access: planner,
    query: TravelBoardQuery,
    response: json(TravelBoard),
  }),
  schedulerEvent: defineRoute({
    method: 'GET',
    path: sp('Scheduler/Events/:id'),
    summary: 'One scheduler event and its assignments.',
    access: planner,
    params: RecordIdParams,
    response: json(SchedulerData),
  }),
  schedulerResources: defineRoute({
    method: 'GET',
    path: sp('Scheduler/Resources'),
    summary: 'The scheduler’s rows: active bookable users by name.',
    access: planner,
    response: json(z.array(SchedulerResource)),
  }),
  schedulerChangeTimes: defineRoute({
    method: 'PATCH',
    path: sp('Scheduler/Events/ChangeTimes'),
    summary: 'Move or resize an event, optionally onto other users’ rows; a stale rowVersion answers 409.',
    access: planner,
    body: ChangeTimesInput,
    response: json(SchedulerData),
  }),
} as const;
