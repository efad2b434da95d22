import { hasPermission, UserType } from '@fieldport/contract';

/** What the rules need of the caller. */
export interface TimeCaller {
  id: number;
  userTypeId: number;
}

/** The office: the Admin reads, reports and approves every user's hours. */
export const isOffice = (u: TimeCaller): boolean => u.userTypeId === UserType.Admin;

/** Whose hours the caller may read and report: their own; the office anyone's. */
export const mayReportFor = (u: TimeCaller, userId: number): boolean => isOffice(u) || u.id === userId;

/** Hours on a job are the job's time lines: reported by the staff who may change jobs (Job.Edit). */
export const mayReportOnJobs = (u: TimeCaller): boolean => hasPermission('Job.Edit', u.userTypeId);

/** Default weekly hours of an employment without its own. */
export const DEFAULT_WEEKLY_HOURS = 37.5;
