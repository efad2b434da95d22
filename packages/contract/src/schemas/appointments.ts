import { z } from 'zod';
import { LocalDate, LocalDateTime, LocalDateTimeInput } from '../http/common.ts';
import { isRealDateTime } from '../rules/local-time.ts';
import { FIELD_MESSAGES, line, QueryBool, Ref, RefId } from './fields.ts';

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
  RowVersion: z.number().int(),
  /** With includeJob (and always from Appointment/job): the job it is for. */
  Job: AppointmentJob.nullable().optional(),
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
  RowVersion: z.number().int().optional(),
});
export type AppointmentChangeInput = z.input<typeof AppointmentChangeInput>;

export const DateRangeQuery = z.object({
  date1: LocalDate,
  date2: LocalDate,
  includeJob: QueryBool.default(false),
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
 * A free user of Appointment/available, ranked (1 best): by the travel from their previous stop that day
 * (or the main office) to the job, then by their load that day; the reason says both in the caller's
 * language. TravelKm is null when a place is not known.
 */
export const AvailableUser = BookableUser.extend({
  Rank: z.number().int(),
  TravelKm: z.number().nullable(),
  LoadMinutes: z.number().int(),
  Reason: z.string(),
});
export type AvailableUser = z.infer<typeof AvailableUser>;

/** POST Appointment/ProposePlan: a plan for the day's unplanned jobs, optionally of some departments. */
export const ProposePlanInput = z.object({
  Date: LocalDate,
  DepartmentIdList: z.array(RefId).max(200).nullish(),
});

/** A tentative appointment of a proposed plan: nothing is saved until the dispatcher accepts it. */
export const ProposedAppointment = z.object({
  JobId: z.number().int(),
  JobName: z.string(),
  UserId: z.number().int(),
  UserName: z.string(),
  StartTime: LocalDateTime,
  EndTime: LocalDateTime,
  TravelKm: z.number().nullable(),
  Reason: z.string(),
});
export type ProposedAppointment = z.infer<typeof ProposedAppointment>;

export const ProposedPlan = z.object({
  Appointments: z.array(ProposedAppointment),
  /** Unplanned jobs no user had room for within the work hours. */
  Unplaced: z.array(z.object({ JobId: z.number().int(), JobName: z.string() })),
});
export type ProposedPlan = z.infer<typeof ProposedPlan>;

export const SchedulerResource = z.object({
  id: z.number().int(),
  name: z.string(),
  departmentId: z.number().int().nullable(),
  type: z.number().int(),
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
  rowVersion: z.number().int(),
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
  rowVersion: z.number().int().optional(),
});
