import { StoreType, UserType } from '@fieldport/contract';

/** What the rules need of a store and of its caller. */
export interface StoreOfPolicy {
  storeType: number;
  userId: number | null;
}
export interface UserOfPolicy {
  id: number;
  userTypeId: number;
}

const isAdmin = (u: UserOfPolicy) => u.userTypeId === UserType.Admin;
/** The store is the user's own van. */
export const isOwnVan = (u: UserOfPolicy, s: StoreOfPolicy) =>
  s.storeType === StoreType.Van && s.userId === u.id;

/**
 * Receiving, counting and setting the assortment of a store: the Admin anywhere, a Technician or
 * Subcontractor in their own van alone.
 */
export const mayChangeStore = (u: UserOfPolicy, s: StoreOfPolicy): boolean => isAdmin(u) || isOwnVan(u, s);

/**
 * Moving stock: the Admin between any two stores; a Technician or Subcontractor only where their own
 * van is one end and the other is their van or one of the company's stores (never another's van).
 */
export function mayMove(u: UserOfPolicy, from: StoreOfPolicy, to: StoreOfPolicy): boolean {
  if (isAdmin(u)) return true;
  const ownOrStore = (s: StoreOfPolicy) => isOwnVan(u, s) || s.storeType === StoreType.Store;
  return (isOwnVan(u, from) && ownOrStore(to)) || (isOwnVan(u, to) && ownOrStore(from));
}
