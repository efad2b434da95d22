import { type Appointment, type Contact, DEVICE_STORE_DAYS_AHEAD } from '@fieldport/contract';

/** How many days after today Today lists: those the device keeps (issue 31.3, decision 094). */
export const DAYS_AHEAD = DEVICE_STORE_DAYS_AHEAD;

/** A job's place as a map link takes it: coordinates when the address has them, else its text. */
export interface Place {
  text: string;
  latitude: number | null;
  longitude: number | null;
}

/** One visit of the technician: an appointment of theirs for a job. */
export type Visit = Appointment & { Job: NonNullable<Appointment['Job']> };

/** A day's visits, earliest first; on today, those already over apart (`done`). */
export interface VisitDay {
  day: string;
  upcoming: Visit[];
  done: Visit[];
}

const dayOf = (v: Visit) => v.StartTime.slice(0, 10);

/**
 * The visits by day, from today on, each day earliest first. A visit of today that is over by `now`
 * (the company's wall clock, 'YYYY-MM-DDTHH:mm:ss') goes to the day's `done`; a visit that started
 * on an earlier day and is still going counts as today's. Absences and appointments with no job are
 * no visits.
 */
export function visitDays(appointments: readonly Appointment[], now: string): VisitDay[] {
  const today = now.slice(0, 10);
  const days = new Map<string, VisitDay>();
  const sorted = appointments
    .filter((a): a is Visit => !a.IsAbsence && a.JobId !== null && !!a.Job)
    .toSorted((a, b) => a.StartTime.localeCompare(b.StartTime) || a.Id - b.Id);
  for (const visit of sorted) {
    const day = dayOf(visit).localeCompare(today) < 0 ? today : dayOf(visit);
    const entry = days.get(day) ?? { day, upcoming: [], done: [] };
    days.set(day, entry);
    (day === today && visit.EndTime <= now ? entry.done : entry.upcoming).push(visit);
  }
  return [...days.values()].toSorted((a, b) => a.day.localeCompare(b.day));
}

/** The next visit: the first not over yet (the one going on now, or the earliest ahead). */
export function nextVisitOf(days: readonly VisitDay[]): Visit | null {
  for (const day of days) if (day.upcoming[0]) return day.upcoming[0];
  return null;
}

/**
 * A link that opens the phone's maps app with directions to the place (decision 067): Google Maps'
 * universal address opens the app on Android and iOS where it is installed, and the map in the
 * browser elsewhere; coordinates when known (no guessing at an address), else the address text.
 */
export function directionsHref(place: Place): string | null {
  const destination =
    place.latitude !== null && place.longitude !== null
      ? `${place.latitude},${place.longitude}`
      : place.text.trim();
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/**
 * A tel: link of a phone number as typed (spaces, dashes, dots and brackets left out, and the '(0)' a
 * number after its country code may show, which is not dialled), or null.
 */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\(0\)/g, '').replace(/[\s().-]/g, '');
  return /^\+?\d{3,}$/.test(digits) ? `tel:${digits}` : null;
}

/** A mailto: link of an address, or null when there is none. */
export function mailtoHref(email: string): string | null {
  const address = email.trim();
  return address.includes('@') ? `mailto:${address}` : null;
}

/** The ways to reach a contact: mobile first, then the fixed phone, then e-mail. */
export function contactLinks(contact: Pick<Contact, 'Mobile' | 'FixedPhone' | 'Email'>) {
  return {
    mobile: telHref(contact.Mobile),
    fixed: telHref(contact.FixedPhone),
    email: mailtoHref(contact.Email),
  };
}
