import { createHash, randomBytes } from 'node:crypto';
import { JOB_STATUS, STATUS_TOKEN, type StatusStage, WAY_POSITION_FRESH_MS } from '@fieldport/contract';

const HOUR = 3_600_000;
/** A stored wall-clock time ('YYYY-MM-DD HH:mm:ss' or with T) as the milliseconds of the same UTC clock. */
const clockMs = (text: string) => new Date(`${text.replace(' ', 'T').slice(0, 19)}Z`).getTime();
/** Wall-clock text as the API writes it: YYYY-MM-DDTHH:mm:ss. */
export const wallClock = (text: string) => text.replace(' ', 'T').slice(0, 19);

/** The instant `seconds` after another. */
const addSeconds = (at: Date, seconds: number) => new Date(at.getTime() + Math.round(seconds) * 1000);

/**
 * Whether the technician's last position stands for where they are now (decision 085): sent less
 * than five minutes ago. An older one is ignored, and the estimate is the plan's.
 */
const freshPosition = (recordedAt: Date | null | undefined, now: Date) =>
  recordedAt != null && now.getTime() - recordedAt.getTime() <= WAY_POSITION_FRESH_MS;

interface Visit {
  startTime: string;
  endTime: string;
  onMyWayAt: Date | null;
}

/** The customer's status link's rules (decision 072), pure. */
export const statusLinkPolicy = {
  /** A new token: 256 random bits as 43 base64url characters, naming nothing. */
  newToken: () => randomBytes(32).toString('base64url'),
  /** What is stored of a token: its SHA-256, so a database reader cannot open the pages. */
  hashOf: (token: string) => createHash('sha256').update(token).digest('hex'),
  /** Whether a token can be a link's at all: anything else is answered as an unknown link. */
  isToken: (token: string) => STATUS_TOKEN.test(token),
  /** A link ends `hours` after the end of the job's last visit (none: it lasts until revoked). */
  expired: (visits: readonly Visit[], nowLocal: string, hours: number) => {
    const last = visits.reduce<number | null>((m, v) => Math.max(m ?? 0, clockMs(v.endTime)), null);
    return last !== null && clockMs(nowLocal) > last + hours * HOUR;
  },
  /**
   * The visit the page is about: one on the way whose end has not passed, else the next or current
   * one (end not passed), else none.
   */
  visitNow: <V extends Visit>(visits: readonly V[], nowLocal: string): V | null => {
    const now = clockMs(nowLocal);
    const ahead = visits.filter((v) => clockMs(v.endTime) > now);
    return ahead.find((v) => v.onMyWayAt !== null) ?? ahead[0] ?? null;
  },
  /**
   * Where the job stands: done from completion on (50, 000 §4); on the way while the arrival estimate
   * is ahead (or unknown: no place to drive to); on site once it has passed or the visit's window has begun; planned before.
   */
  stage: (
    statusId: number,
    visit: Visit | null,
    nowLocal: string,
    arrivalLocal: string | null,
  ): StatusStage => {
    if (statusId >= JOB_STATUS.Completed) return 'done';
    if (!visit) return 'open';
    const now = clockMs(nowLocal);
    if (visit.onMyWayAt !== null)
      return arrivalLocal === null || clockMs(arrivalLocal) >= now ? 'onMyWay' : 'onSite';
    return clockMs(visit.startTime) <= now ? 'onSite' : 'planned';
  },
  freshPosition,
  /**
   * The arrival estimate (decision 085): from a fresh position, its time plus the drive from there;
   * else the time of setting out plus the plan's drive of the leg.
   */
  arrival: (
    plan: { setOutAt: Date; driveSeconds: number },
    position: { recordedAt: Date; driveSeconds: number } | null,
    now: Date,
  ) =>
    position && freshPosition(position.recordedAt, now)
      ? addSeconds(position.recordedAt, position.driveSeconds)
      : addSeconds(plan.setOutAt, plan.driveSeconds),
  /** Only the technician's first name goes to the customer. */
  firstName: (name: string | null) => name?.trim().split(/\s+/)[0] || null,
  addSeconds,
};
