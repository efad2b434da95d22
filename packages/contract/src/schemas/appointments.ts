import { z } from 'zod';
import { LocalDate, LocalDateTime, LocalDateTimeInput } from '../http/common.ts';
import { isRealDateTime } from '../rules/local-time.ts';
import { FIELD_MESSAGES, line, QueryBool, Ref, RefId, RowVersion, RowVersionInput } from './fields.ts';
import { Task } from './tasks.ts';

const M = FIELD_MESSAGES;

/** A wall-clock time: 'YYYY-MM-DDTHH:mm:ss', or 'HH:mm' / 'HH:mm:ss' on the AppointmentDate. */
const TIME_INPUT = 'Must be a time as HH:mm or a date and time as YYYY-MM-DDTHH:mm:ss.';
const TimeInput = z
  .string({ error: M.required })
  .regex(/^(\d{4}-\d{2}-\d{2}[T ])?([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: TIME_INPUT, abort: true })
  .refine((v) => v.length <= 8 || isRealDateTime(v), TIME_INPUT);

/** 1 specified time and technician, 2 available technician, 3 all technicians (000 §3). */
export const APPOINTMENT_TYPES = [1, 2, 3] as const;

/** The job an appointment is for, as the planner and the job list show it. */
export const AppointmentJob = z.object({
  Id: z.number().int(),
  DisplayName: z.string(),
  OrderId: z.string().nullable(),
  JobStatusId: z.number().int(),
  StatusName: z.string(),
  StatusColor: z.string(),
  JobTypeId: z.number().int(),
  JobTypeName: z.string(),
  CustomerId: z.number().int().nullable(),
  CustomerName: z.string(),
  Address: z.string(),
  EstimatedTime: z.number().nullable(),
});
export type AppointmentJob = z.infer<typeof AppointmentJob>;

/** An appointment (000 §3): wall-clock times in the company's time zone; IsAbsence when no job. */
export const Appointment = z.object({
  Id: z.number().int(),
  Subject: z.string(),
  AppointmentDate: z.string(),
  StartTime: LocalDateTime,
  EndTime: LocalDateTime,
  JobId: z.number().int().nullable(),
  Type: z.number().int(),
  IsAbsence: z.boolean(),
  Participants: z.array(Ref),
  RowVersion,
  /** With includeJob (and always from Appointment/job): the job it is for. */
  Job: AppointmentJob.nullable().optional(),
  /** True once a technician set out to it ("On my way", decision 072); left out before. */
  OnMyWay: z.literal(true).optional(),
});
export type Appointment = z.infer<typeof Appointment>;

const Participant = z
  .union([RefId, z.object({ Id: RefId })])
  .transform((p) => (typeof p === 'number' ? p : p.Id));

const appointmentFields = {
  Subject: line(200).default(''),
  AppointmentDate: LocalDate.optional(),
  StartTime: TimeInput,
  EndTime: TimeInput,
  JobId: RefId.nullish(),
  Type: z
    .number({ error: M.wholeNumber })
    .int(M.wholeNumber)
    .refine((v) => (APPOINTMENT_TYPES as readonly number[]).includes(v), 'Must be 1, 2 or 3.')
    .default(1),
  /** Users, as ids or { Id, Name } as the appointment gives them back. */
  Participants: z.array(Participant).max(200, 'At most 200 participants.').default([]),
};

/** POST Appointment/create: an absence (no JobId) needs its description in Subject (001 §5). */
export const AppointmentCreateInput = z.object(appointmentFields);
export type AppointmentCreateInput = z.input<typeof AppointmentCreateInput>;

/** PATCH Appointment/change: the appointment with its Id, and the RowVersion it was read at. */
export const AppointmentChangeInput = z.object({
  ...appointmentFields,
  Id: RefId,
  RowVersion: RowVersionInput,
});
export type AppointmentChangeInput = z.input<typeof AppointmentChangeInput>;

export const DateRangeQuery = z.object({
  date1: LocalDate,
  date2: LocalDate,
  includeJob: QueryBool.default(false),
  /** Only the caller's own: those they take part in (a technician's Today, decision 067). */
  mine: QueryBool.default(false),
});

/** POST Appointment/available: who is free for the whole time, optionally in some departments. */
export const AvailableInput = z.object({
  StartTime: LocalDateTimeInput,
  EndTime: LocalDateTimeInput,
  DepartmentIdList: z.array(RefId).max(200).nullish(),
  /** The job to place: the free users are ranked by travel to its address (dispatch suggestions). */
  JobId: RefId.nullish(),
});

/** A bookable user (Appointment/bookable) and a scheduler row (Scheduler/Resources), 000 §3. */
export const BookableUser = z.object({
  Id: z.number().int(),
  Name: z.string(),
  UserTypeId: z.number().int(),
  DepartmentId: z.number().int().nullable(),
});
/**
 * A free user of Appointment/available, ranked (1 best, decision 063): with a JobId by the cost of
 * inserting the job at that time into their day (the solver's insertion between the stops before and
 * after it, from and back to their home or the main office): those who can get there in time first, then
 * the least driving added, then the lighter day. TravelKm and TravelMinutes are the driving the job adds
 * to the day (null when a place is not known); the reason says it in the caller's language.
 */
export const AvailableUser = BookableUser.extend({
  Rank: z.number().int(),
  TravelKm: z.number().nullable(),
  LoadMinutes: z.number().int(),
  Reason: z.string(),
  /** Minutes of driving the job adds to the day; null when a place is not known or without a JobId. */
  TravelMinutes: z.number().int().nullable().optional(),
  /** False when the user cannot get there in time between the day's other stops (ranked after those who can). */
  Reachable: z.boolean().optional(),
});
export type AvailableUser = z.infer<typeof AvailableUser>;

/** The most days one proposal covers (a week). */
export const PLAN_DAYS_MAX = 7;

/**
 * POST Appointment/ProposePlan (decision 063): a plan for the days Date to EndDate (one day when none,
 * at most a week) over the chosen technicians (UserIdList, the planner's shown users; none: every
 * bookable user of the departments) and jobs (JobIdList, a selection; none: the unplanned new jobs of the
 * departments, oldest first, at most 300). JobWindows give a job's agreed windows on its start.
 */
export const ProposePlanInput = z.object({
  Date: LocalDate,
  DepartmentIdList: z.array(RefId).max(200).nullish(),
  EndDate: LocalDate.nullish(),
  UserIdList: z.array(RefId).max(5000).nullish(),
  JobIdList: z.array(RefId).max(5000).nullish(),
  JobWindows: z
    .array(z.object({ JobId: RefId, Start: LocalDateTimeInput, End: LocalDateTimeInput }))
    .max(2000)
    .nullish(),
});

/** A tentative appointment of a proposed plan: nothing is saved until the dispatcher accepts it. */
export const ProposedAppointment = z.object({
  JobId: z.number().int(),
  JobName: z.string(),
  UserId: z.number().int(),
  UserName: z.string(),
  /** The service itself: the start includes the drive to get there (TravelMinutes before it). */
  StartTime: LocalDateTime,
  EndTime: LocalDateTime,
  /** The leg before it, from the previous stop or the technician's home or office. */
  TravelKm: z.number().nullable(),
  /** Why here: the window it meets, the driving it adds, why not the next-best technician. */
  Reason: z.string(),
  TravelMinutes: z.number().int().optional(),
  /** Leaving the previous stop (or home/office) for it. */
  DepartTime: LocalDateTime.optional(),
  /** The driving this job adds to its technician's day (leaving it out would save this). */
  AddedTravelMinutes: z.number().int().optional(),
  AddedTravelKm: z.number().optional(),
  /** The next-best technician for it in this plan and what they would add; null: nobody else could. */
  NextBest: z
    .object({ UserId: z.number().int(), UserName: z.string(), AddedTravelMinutes: z.number().int() })
    .nullable()
    .optional(),
});
export type ProposedAppointment = z.infer<typeof ProposedAppointment>;

/** Why a job was left out: the code, and the reason in the caller's language. */
export const UNPLACED_CODES = [
  'no_skill',
  'no_department',
  'no_window',
  'no_place',
  'no_capacity',
  'no_time',
] as const;

/** A technician's day in a proposed plan: leaving home or the office, back, the driving and the load. */
export const ProposedRoute = z.object({
  UserId: z.number().int(),
  UserName: z.string(),
  Date: LocalDate,
  DepartTime: LocalDateTime,
  ReturnTime: LocalDateTime,
  TravelKm: z.number(),
  TravelMinutes: z.number().int(),
  /** Minutes of service that day, the fixed appointments included. */
  LoadMinutes: z.number().int(),
  /** The day's fixed appointments alone cannot be driven in time: it is kept as it is and gets no jobs. */
  FixedConflict: z.boolean(),
});

export const ProposedPlan = z.object({
  Appointments: z.array(ProposedAppointment),
  /** Jobs the plan could not place, with the reason. */
  Unplaced: z.array(
    z.object({
      JobId: z.number().int(),
      JobName: z.string(),
      Code: z.enum(UNPLACED_CODES).optional(),
      Reason: z.string().optional(),
    }),
  ),
  /** Each technician day of the plan that has a job or a fixed appointment. */
  Routes: z.array(ProposedRoute).optional(),
  TravelKm: z.number().optional(),
  TravelMinutes: z.number().int().optional(),
  /** True when travel is the straight-line estimate (no OSRM_URL, or the router failed). */
  TravelEstimated: z.boolean().optional(),
  /**
   * A proposal too large to answer at once runs as a background task (decision 066): the answer is then
   * this task, with no appointments yet; its owner reads the plan at Appointment/ProposePlan/{taskId}
   * once the task is completed.
   */
  Task: Task.optional(),
});
export type ProposedPlan = z.infer<typeof ProposedPlan>;

/** POST Appointment/OptimiseDay: resequence a technician's movable appointments of a day to cut driving. */
export const OptimiseDayInput = z.object({ UserId: RefId, Date: LocalDate });

/** One appointment of an optimised day, in the new order: its new times, and the ones it had. */
export const OptimisedAppointment = z.object({
  Id: z.number().int(),
  JobId: z.number().int().nullable(),
  Subject: z.string(),
  RowVersion: z.number().int(),
  /** Kept where it is (an absence, a started, completed or locked job, shared with others, past the day). */
  Fixed: z.boolean(),
  StartTime: LocalDateTime,
  EndTime: LocalDateTime,
  OldStartTime: LocalDateTime,
  OldEndTime: LocalDateTime,
  /** The leg before it in the new order. */
  TravelMinutes: z.number().int(),
  TravelKm: z.number(),
  Reason: z.string(),
});

/**
 * The optimised day (nothing saved): Appointments in the new order with Before/After driving. To apply,
 * the web moves each appointment whose times changed with Scheduler/Events/ChangeTimes and its rowVersion
 * (a 409 there means the day changed meanwhile: optimise again).
 */
export const OptimisedDay = z.object({
  UserId: z.number().int(),
  UserName: z.string(),
  Date: LocalDate,
  Before: z.object({ TravelKm: z.number(), TravelMinutes: z.number().int() }),
  After: z.object({ TravelKm: z.number(), TravelMinutes: z.number().int() }),
  /** False when no better order was found: the day is answered as it is. */
  Changed: z.boolean(),
  Appointments: z.array(OptimisedAppointment),
  TravelEstimated: z.boolean(),
});
export type OptimisedDay = z.infer<typeof OptimisedDay>;

/** GET Scheduler/Travel: the drive before each appointment of the days date1 to date2 (at most 7). */
export const TravelBoardQuery = z.object({ date1: LocalDate, date2: LocalDate });

/**
 * The drive before one user's appointment: from their previous appointment that day, or for the day's
 * first from their home (or the main office when no home is recorded). The travel the solver uses.
 */
export const TravelLeg = z.object({
  AppointmentId: z.number().int(),
  UserId: z.number().int(),
  Date: LocalDate,
  /** The appointment driven from; null: from home or the office. */
  FromAppointmentId: z.number().int().nullable(),
  FromHome: z.boolean(),
  TravelMinutes: z.number().int(),
  TravelKm: z.number(),
  /** The previous appointment's end plus the drive is after this one's start: it cannot be reached in time. */
  Late: z.boolean(),
});
export type TravelLeg = z.infer<typeof TravelLeg>;

/** Scheduler/Travel: each leg, the working minutes of a day (the WorkDayHours setting, for the load), and how travel was had. */
export const TravelBoard = z.object({
  Legs: z.array(TravelLeg),
  WorkMinutes: z.number().int(),
  /** True when travel is the straight-line estimate (no OSRM_URL, the router failed, or too many places). */
  TravelEstimated: z.boolean(),
});
export type TravelBoard = z.infer<typeof TravelBoard>;

export const SchedulerResource = z.object({
  id: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  type: z.number().int(),
  /** The user's own working hours, "HH:mm" (decision 097); null: the company's on that side. */
  workStart: z.string().nullable().optional(),
  workEnd: z.string().nullable().optional(),
  /** The weekdays whose hours differ (decision 100): ISO weekday 1–7, off or its own start and end. */
  workDays: z
    .array(
      z.object({
        weekday: z.number().int(),
        off: z.boolean(),
        workStart: z.string().nullable(),
        workEnd: z.string().nullable(),
      }),
    )
    .optional(),
});
export type SchedulerResource = z.infer<typeof SchedulerResource>;

/** A scheduler event (000 §3); startDate and endDate are wall-clock times. */
export const SchedulerEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  jobId: z.number().int().nullable(),
  jobTypeId: z.number().int().nullable(),
  jobTypeName: z.string().nullable(),
  jobStatusId: z.number().int().nullable(),
  jobStatusName: z.string().nullable(),
  address: z.string().nullable(),
  appointmentType: z.number().int(),
  isAbsence: z.boolean(),
  startDate: LocalDateTime,
  endDate: LocalDateTime,
  rowVersion: RowVersion,
  /**
   * The job's priority (for colouring by priority); missing or null without a job or priority. Last:
   * the answer writer puts an optional field after the others (response-serializer.ts).
   */
  jobPriorityId: z.number().int().nullable().optional(),
});
export type SchedulerEvent = z.infer<typeof SchedulerEvent>;

export const SchedulerAssignment = z.object({ eventId: z.number().int(), resourceId: z.number().int() });

/** Scheduler/DateRange and Scheduler/Events/{id}: events and who they are assigned to. */
export const SchedulerData = z.object({
  events: z.array(SchedulerEvent),
  assignments: z.array(SchedulerAssignment),
});
export type SchedulerData = z.infer<typeof SchedulerData>;

/** PATCH Scheduler/Events/ChangeTimes: a moved or resized event, optionally onto other rows. */
export const ChangeTimesInput = z.object({
  id: RefId,
  startDate: LocalDateTimeInput,
  endDate: LocalDateTimeInput,
  /** The rows it now sits on (a drop on another user's row); unchanged when missing. */
  resourceIds: z.array(RefId).min(1).max(200).optional(),
  rowVersion: RowVersionInput,
});
