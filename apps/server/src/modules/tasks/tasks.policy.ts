import { UserType } from '@fieldport/contract';

type Viewer = { id: number; userTypeId: number };

/** Whose background tasks a user sees and handles (002 §7.19): their own; the Admin's, everybody's. */
export const tasksPolicy = {
  /** The Admin sees every user's tasks in the panel. */
  seesAll: (user: Viewer) => user.userTypeId === UserType.Admin,
  /** A task may be read, cancelled or restarted by the user who started it, or by an Admin. */
  mayHandle: (user: Viewer, task: { createdBy: number | null }) =>
    user.userTypeId === UserType.Admin || task.createdBy === user.id,
} as const;
