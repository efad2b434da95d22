import { UserType } from '@fieldport/contract';

/** Who may change a note of a job's support log (§7.12): its author, or an Admin. */
export const supportLogPolicy = {
  mayChange: (user: { id: number; userTypeId: number }, note: { createdBy: number | null }) =>
    note.createdBy === user.id || user.userTypeId === UserType.Admin,
} as const;
