/**
 * Whose device store the session keeps (decision 094): a staff user's, set at sign-in before the
 * store's code has loaded, so a read that cannot reach the server right after an offline start still
 * finds it. Null when signed out or for customer and partner users, who get no store.
 */
export interface DeviceStoreOwner {
  userId: number;
  /** The company's time zone (GlobalSettings.TimeZone): its today is the first day kept. */
  timeZone: string;
}

let owner: DeviceStoreOwner | null = null;

export const deviceStoreOwner = (): DeviceStoreOwner | null => owner;

export function setDeviceStoreOwner(next: DeviceStoreOwner | null): void {
  owner = next;
}
