import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { SuccessMessage } from '../http/common.ts';
import { binary, defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import {
  ExportFile,
  ExportFileQuery,
  ExportMachinesInput,
  ExportStartInput,
  PlanNameParams,
  Task,
  TaskIdParams,
  TaskListQuery,
  TaskPlan,
} from '../schemas/tasks.ts';

/**
 * Background tasks (002 §7.19) and the exports they make (§7.7). Everyone sees their own tasks; the
 * Admin sees everyone's and keeps the plans. Exports are files of their owner only.
 */
const everyone = users(ALL_USER_TYPES);
const admin = users([1], { permission: 'Module.Admin' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const taskRoutes = {
  taskList: defineRoute({
    method: 'GET',
    path: sp('task'),
    summary:
      'The caller’s tasks of the last day, newest first (the Admin’s: everyone’s), for the task panel.',
    access: everyone,
    query: TaskListQuery,
    response: json(z.array(Task)),
  }),
  taskPlans: defineRoute({
    method: 'GET',
    path: sp('task/plans'),
    summary: 'The scheduled plans with their next and last runs.',
    access: admin,
    response: json(z.array(TaskPlan)),
  }),
  taskPlanDisable: defineRoute({
    method: 'POST',
    path: sp('task/disable/:name'),
    summary: 'Stop a plan from starting its task.',
    access: admin,
    params: PlanNameParams,
    response: json(TaskPlan),
  }),
  taskPlanActivate: defineRoute({
    method: 'POST',
    path: sp('task/activate/:name'),
    summary: 'Let a plan start its task again, from its next time on.',
    access: admin,
    params: PlanNameParams,
    response: json(TaskPlan),
  }),
  taskCancelWait: defineRoute({
    method: 'POST',
    path: sp('task/cancelWait/:id'),
    summary:
      'Cancel a task that has not started yet, or a running plan proposal, which stops (one’s own, or any for the Admin).',
    access: everyone,
    params: RecordIdParams,
    response: json(Task),
  }),
  taskRestart: defineRoute({
    method: 'POST',
    path: '/api2/task/restart/:taskId',
    summary: 'Run a failed task again (one’s own, or any for the Admin).',
    access: everyone,
    params: TaskIdParams,
    response: json(Task),
  }),
  exportMachines: defineRoute({
    method: 'POST',
    path: sp('Statistics/ExportMachines'),
    summary: 'Start a task that writes the machines (of one customer, or all) to an Excel file.',
    access: users(STAFF),
    body: ExportMachinesInput,
    response: json(Task),
  }),
  exportStart: defineRoute({
    method: 'POST',
    path: sp('Export/'),
    summary:
      'Start a task that writes the customers, machines or jobs to an Excel file (read in batches, written as a stream).',
    access: admin,
    body: ExportStartInput,
    response: json(Task),
  }),
  exportList: defineRoute({
    method: 'GET',
    path: sp('Export/'),
    summary: 'The caller’s export files, newest first.',
    access: users(STAFF),
    response: json(z.array(ExportFile)),
  }),
  exportFile: defineRoute({
    method: 'GET',
    path: sp('Export/File'),
    summary: 'Download one of the caller’s export files by its displayed date.',
    access: users(STAFF),
    query: ExportFileQuery,
    response: binary(XLSX),
  }),
  exportDelete: defineRoute({
    method: 'DELETE',
    path: sp('Export/'),
    summary: 'Delete one of the caller’s export files by its displayed date.',
    access: users(STAFF),
    query: ExportFileQuery,
    response: json(SuccessMessage),
  }),
} as const;
