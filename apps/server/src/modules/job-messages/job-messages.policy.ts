import { type EmailTemplateKey, JOB_STATUS } from '@fieldport/contract';

/**
 * Which of a job's messages a change of its status sends (001 §2.4 template keys; decision
 * 055). `from` is null when the job is created at `to`.
 *
 * - confirmed-email and confirmed-customer-support: the job is confirmed — it leaves new/unplanned
 *   (10, 000 §4) for an open status before completion (11–49), as when it gets its first appointment
 *   (planned) or is set so by hand. The first goes to the job's contact, the second is the office's
 *   copy to the company's own address. Back to 10 and on again is a new confirmation (a new time
 *   agreed), so they are sent again.
 * - completedJob: the job is completed — it comes from below 50 (completeable) to 50–69 (completed,
 *   approveable, 000 §4); approving (70), closing and deleting are no completion.
 *
 * Only a parent job's status counts: its machine sub-jobs follow it and send nothing of their own.
 */
export function messagesOnStatus(from: number | null, to: number): EmailTemplateKey[] {
  if (from === to) return [];
  const wasNew = from === null || from === JOB_STATUS.New;
  const wasOpen = from === null || from < JOB_STATUS.Completed;
  if (wasNew && to > JOB_STATUS.New && to < JOB_STATUS.Completed)
    return ['confirmed-email', 'confirmed-customer-support'];
  if (wasOpen && to >= JOB_STATUS.Completed && to < JOB_STATUS.Approved) return ['completedJob'];
  return [];
}
