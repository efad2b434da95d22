import { CUSTOMER_TYPES, STAFF, UserType } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../common/caller.ts';
import { FORMER_OWNER_KEY, type FormerOwner } from '../common/outbox.ts';
import {
  customerOwner,
  type EventRow,
  jobOwner,
  machineOwner,
  type Owner,
} from './live-events.repository.ts';

/**
 * Socket.IO rooms: every socket joins the rooms of who its user is, and an event goes to the rooms
 * that may see its record. Staff see everything; customer users (4, 6) their own company's records,
 * partners (5) those of the customers they serve — the same rules as the queries' scopes
 * (modules/common/scope.ts, jobs/job-scope.ts).
 */
export const room = {
  staff: 'staff',
  customer: (id: number) => `customer:${id}`,
  partner: (id: number) => `partner:${id}`,
  user: (id: number) => `user:${id}`,
  /** The sockets of one sign-in (a logout closes them); no event is sent to it. */
  session: (id: string) => `session:${id}`,
};

export function roomsOfUser(user: AuthUser): string[] {
  const rooms = [room.user(user.id)];
  if ((STAFF as readonly number[]).includes(user.userTypeId)) rooms.push(room.staff);
  else if ((CUSTOMER_TYPES as readonly number[]).includes(user.userTypeId)) {
    if (user.customerId) rooms.push(room.customer(user.customerId));
  } else if (user.userTypeId === UserType.Partner && user.partnerCompanyId) {
    rooms.push(room.partner(user.partnerCompanyId));
  }
  return rooms;
}

const ownerRooms = (o: Owner | FormerOwner | null): string[] => [
  ...(o?.customerId ? [room.customer(o.customerId)] : []),
  ...(o?.partnerCompanyId ? [room.partner(o.partnerCompanyId)] : []),
];

const idOf = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Entities of one company's records: staff get them at once, the company's rooms after a look-up. */
const COMPANY_RECORDS = new Set(['customer', 'machine', 'job', 'appointment', 'order']);

/**
 * The company rooms (customer users, partner) of a customer, machine, job, order or appointment event; none
 * for a record that is gone (deleted) or belongs to no company, and none for an absence (an
 * appointment without a job), which customers and partners never see.
 */
export async function companyRoomsOf(db: Db, e: EventRow): Promise<string[]> {
  const id = idOf(e.entityId);
  const payload = e.payload as Record<string, unknown>;
  switch (e.entity) {
    case 'customer':
      return id ? ownerRooms(await customerOwner(db, id)) : [];
    case 'machine':
      return id ? ownerRooms(await machineOwner(db, id)) : [];
    // An order's id is its parent job's: its customer and partner read its lines (CostPrice aside).
    case 'job':
    case 'order':
      return id ? ownerRooms(await jobOwner(db, id)) : [];
    case 'appointment': {
      const jobId = idOf(payload.JobId);
      return jobId ? ownerRooms(await jobOwner(db, jobId)) : [];
    }
    default:
      return [];
  }
}

/**
 * The company rooms that saw a record before this change gave it to another company (the event's
 * former owner), less the rooms that still see it (`current`): they are told it is gone (removalWire).
 */
export function formerRoomsOf(e: EventRow, current: readonly string[]): string[] {
  const former = (e.payload as Record<string, unknown>)[FORMER_OWNER_KEY] as FormerOwner | undefined;
  if (!former || !isCompanyRecord(e)) return [];
  return ownerRooms(former).filter((r) => !current.includes(r));
}

/** Whether an event is about one company's record (see companyRoomsOf). */
export const isCompanyRecord = (e: EventRow): boolean => COMPANY_RECORDS.has(e.entity);

/**
 * The rooms an event goes to. Only records that belong to one company reach customers and partners;
 * a record that is gone (deleted) or of no company goes to staff alone: when in doubt, not sent.
 * Reference data and settings are staff's (their screens are the Admin's).
 */
export async function roomsOfEvent(db: Db, e: EventRow): Promise<string[]> {
  if (isCompanyRecord(e)) return [room.staff, ...(await companyRoomsOf(db, e))];
  const id = idOf(e.entityId);
  const payload = e.payload as Record<string, unknown>;
  switch (e.entity) {
    // A task is its owner's alone (017): the task panel shows one's own tasks.
    case 'task': {
      const owner = idOf(payload.UserId);
      return owner ? [room.user(owner)] : [];
    }
    case 'user':
    // A week time report's change: the office and the user whose hours they are (decision 046).
    case 'timeReport':
      return [room.staff, ...(id ? [room.user(id)] : [])];
    // A logout: the hub closes that sign-in's sockets; nobody is sent it.
    case 'session':
      return [];
    case 'partnerCompany':
      return [room.staff, ...(id ? [room.partner(id)] : [])];
    default:
      return [room.staff];
  }
}
