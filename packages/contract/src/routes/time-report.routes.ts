import { z } from 'zod';
import { binary, defineRoute, json, sp, users } from '../http/route.ts';
import {
  Employment,
  EmploymentChangeInput,
  EmploymentQuery,
  TimeArticleDescription,
  TimeReport,
  TimeReportExportInput,
  TimeReportQuery,
  TimeRow,
  TimeRowAddInput,
  TimeRowDeleted,
  TimeRowRef,
  TimeRowUpdateInput,
  TimeWeekApproveInput,
  TimeWeekState,
  Vehicle,
} from '../schemas/time-report.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The week time report (002 §7.20 TimeReport, decision 046) and My page's car and employment (§7.21).
 * Who has an hour list (Admin, Technician, Subcontractor, Partner; 001 §6) reports and reads their own
 * hours; the Admin (the office) every user's, and approves a week, which locks its rows (409). Hours on
 * a job are the job's time lines (time/add), so they also need the right to change the job.
 */
const hourList = users([1, 2, 3, 5], { permission: 'Module.HourList' });
const office = users([1], { permission: 'Module.DashboardAdmin' });

export const timeReportRoutes = {
  timeReportGet: defineRoute({
    method: 'GET',
    path: sp('TimeReport'),
    summary:
      'The week (Monday first) of the day given: each user’s rows per day and job, day and week totals and the employment’s hours; the caller’s own, or (Admin) one user’s or every reporting user’s.',
    access: hourList,
    query: TimeReportQuery,
    response: json(TimeReport),
  }),
  timeReportAddRow: defineRoute({
    method: 'POST',
    path: sp('TimeReport/AddRow'),
    summary:
      'Report hours on a day: with JobId a time line of the machine job (as time/add), without one an internal row; at most 24 hours a day, none in an approved week.',
    access: hourList,
    body: TimeRowAddInput,
    response: json(TimeRow),
  }),
  timeReportUpdateRow: defineRoute({
    method: 'POST',
    path: sp('TimeReport/UpdateRow'),
    summary: 'Change a row’s day, hours, article or texts; at most 24 hours a day, none in an approved week.',
    access: hourList,
    body: TimeRowUpdateInput,
    response: json(TimeRow),
  }),
  timeReportDeleteRow: defineRoute({
    method: 'DELETE',
    path: sp('TimeReport'),
    summary: 'Delete a row (Kind and Id); none of an approved week.',
    access: hourList,
    query: TimeRowRef,
    response: json(TimeRowDeleted),
  }),
  timeReportExport: defineRoute({
    method: 'POST',
    path: sp('TimeReport/Export'),
    summary: 'The week as a workbook: a sheet of rows and a sheet of each user’s day totals.',
    access: hourList,
    body: TimeReportExportInput,
    response: binary(XLSX),
  }),
  timeArticleDescription: defineRoute({
    method: 'GET',
    path: sp('TimeReport/TimeArticleDescription'),
    summary: 'The active time articles with their descriptions, to report hours with.',
    access: hourList,
    response: json(z.array(TimeArticleDescription)),
  }),
  timeReportApprove: defineRoute({
    method: 'POST',
    path: sp('TimeReport/Approve'),
    summary: 'The office approves a user’s week (its rows are locked) or opens it again.',
    access: office,
    body: TimeWeekApproveInput,
    response: json(TimeWeekState),
  }),
  employment: defineRoute({
    method: 'GET',
    path: sp('employment'),
    summary: 'The caller’s (or, Admin, a user’s) employment: hours per week and start date.',
    access: hourList,
    query: EmploymentQuery,
    tags: ['Users'],
    response: json(Employment),
  }),
  employmentChange: defineRoute({
    method: 'PATCH',
    path: sp('employment'),
    summary:
      'The Admin sets a user’s employment: hours per week (0–168) and, when sent, the start date. Beyond the catalogue.',
    access: office,
    body: EmploymentChangeInput,
    tags: ['Users'],
    response: json(Employment),
  }),
  vehicleList: defineRoute({
    method: 'GET',
    path: sp('UserController/getVehicleList'),
    summary: 'The vans: the caller’s own; the Admin every van with its driver.',
    access: users([1, 2, 3, 5], { permission: 'Module.MyCar' }),
    tags: ['Users'],
    response: json(z.array(Vehicle)),
  }),
} as const;
