import type { Appointment } from '@fieldport/contract';

/**
 * The device store's keys (decision 094): the technician's visits, each visit's job with its machine
 * sub-jobs, checklists (the list, and each one still to fill with its fields) and time codes, and
 * their van with the articles it holds. store.ts checks each record's shape by its key.
 */
export const STORE_KEYS = {
  visits: 'visits',
  job: (id: number) => `job:${id}`,
  subJobs: (id: number) => `subjobs:${id}`,
  checklists: (jobId: number) => `checklists:${jobId}`,
  checklist: (entryId: number) => `checklist:${entryId}`,
  timeCodes: (jobId: number) => `timecodes:${jobId}`,
  van: 'van',
} as const;

/** The stored visits: the range read (from today to the days ahead) and the server's answer. */
export interface StoredVisits {
  from: string;
  to: string;
  list: Appointment[];
}
