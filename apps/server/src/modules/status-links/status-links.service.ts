import {
  JOB_STATUS,
  languageOf,
  localName,
  STATUS_LINK_HOURS_DEFAULT,
  type StatusPage,
  toLocalDateTime,
  UserType,
  WAY_POSITION_FRESH_MS,
  type WayPositionInput,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AuthUser, Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { recordNotFound, refusal } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { findVisibleJob } from '../jobs/jobs.api.ts';
import type { MapService } from '../maps/maps.service.ts';
import type { ReportFile, ReportService } from '../reports/reports.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { statusLinkPolicy as policy, wallClock } from './status-links.policy.ts';
import * as repo from './status-links.repository.ts';

/** The on-my-way message, queued in the change that sets it (job-messages). */
export interface OnMyWayMessages {
  onMyWay(tx: Executor, emit: Emit, jobId: number): Promise<void>;
  wake(): void;
}

interface Deps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  /** The technician's day route (drive time from the previous stop). */
  maps: Pick<MapService, 'routePlan' | 'driveSeconds'>;
  reports: Pick<ReportService, 'serviceReport'>;
  /** The web app's address the links are under: PUBLIC_URL and BASE_PATH, as the label's links. */
  portalUrl: string;
  messages?: OnMyWayMessages;
}

/** Every way a link can fail to open answers this, so nothing tells whether a job exists. */
const unknownLink = () => refusal(404, 'status_link_not_found');

/**
 * The customer's status link of a job (issue 32 item 2, decision 072): made when a message naming
 * `{StatusLink}` is written, opened by its random token (only its SHA-256 is stored), ended a set time
 * after the job's last visit or when the office revokes the job's links. The page names the job's
 * state, the window, the technician's first name and the arrival estimate, nothing else.
 */
export class StatusLinkService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** A new link to a job's page, for one message: the token goes in the message, its hash is kept. */
  async issue(jobId: number, db: Executor = this.deps.db): Promise<string> {
    const token = policy.newToken();
    await repo.insertStatusLink(db, {
      jobId,
      tokenHash: policy.hashOf(token),
      createdAt: this.deps.clock.now(),
    });
    return `${this.deps.portalUrl}status/${token}`;
  }

  async page(lang: string | undefined, token: string): Promise<StatusPage> {
    const { job, visits, nowLocal, timeZone } = await this.open(token);
    const visit = policy.visitNow(visits, nowLocal);
    const arrival = visit?.onMyWayAt ? await this.arrival(visit, visit.onMyWayAt, timeZone) : null;
    const stage = policy.stage(job.statusId, visit, nowLocal, arrival);
    // Arrived (or done): the position has served its purpose and is forgotten (decision 085).
    if (visit?.onMyWayAt && stage !== 'onMyWay')
      await repo.forgetPositions(this.deps.db, { appointmentId: visit.id });
    const name = visit?.technicianId ? await repo.userName(this.deps.db, visit.technicianId) : null;
    return {
      Stage: stage,
      StatusName:
        job.statusName === null
          ? ''
          : localName({ name: job.statusName, names: job.statusNames }, languageOf(lang)),
      WindowStart: visit ? wallClock(visit.startTime) : null,
      WindowEnd: visit ? wallClock(visit.endTime) : null,
      TechnicianFirstName: stage === 'done' ? null : policy.firstName(name),
      ArrivalEstimate: stage === 'onMyWay' ? arrival : null,
      ReportAvailable: stage === 'done',
    };
  }

  /**
   * The arrival estimate of a visit on the way (decision 085): the drive of its leg in the technician's
   * day route, from a fresh position the phone sent when there is one, else from setting out.
   */
  private async arrival(
    visit: { id: number; startTime: string; technicianId: number | null },
    setOutAt: Date,
    timeZone: string,
  ) {
    if (visit.technicianId === null) return null;
    const plan = await this.deps.maps.routePlan(visit.technicianId, visit.startTime.slice(0, 10));
    const leg = plan.Routes.find((r) => r.AppointmentId === visit.id);
    if (!leg) return null;
    const now = this.deps.clock.now();
    const pos = await repo.positionOf(this.deps.db, visit.id);
    const from =
      pos && policy.freshPosition(pos.recordedAt, now)
        ? {
            recordedAt: pos.recordedAt,
            driveSeconds: await this.deps.maps.driveSeconds(pos, {
              latitude: leg.EndLocation.Latitude,
              longitude: leg.EndLocation.Longitude,
            }),
          }
        : null;
    const at = policy.arrival({ setOutAt, driveSeconds: leg.DurationSeconds }, from, now);
    return toLocalDateTime(at, timeZone);
  }

  /**
   * Where the technician's phone is while on the way (decision 085): a participant of the appointment
   * only (anyone else: its 404), only while it is on the way and not ended (409). One row per
   * appointment, overwritten; the user's positions of other appointments and any stale one are forgotten.
   */
  async position(caller: Caller, appointmentId: number, input: z.output<typeof WayPositionInput>) {
    const row = await repo.appointmentForWay(this.deps.db, appointmentId);
    if (!row?.jobId || !row.participants.includes(caller.user.id))
      throw recordNotFound(caller, 'object_appointment', appointmentId);
    const at = this.deps.clock.now();
    const { TimeZone } = await this.deps.settings.global();
    const nowLocal = toLocalDateTime(at, TimeZone);
    if (!row.onMyWayAt || wallClock(row.endTime) <= nowLocal) {
      await repo.forgetPositions(this.deps.db, { appointmentId: row.id });
      throw refusal(409, 'position_not_on_way');
    }
    await repo.writePosition(this.deps.db, {
      appointmentId: row.id,
      userId: caller.user.id,
      latitude: input.Latitude,
      longitude: input.Longitude,
      recordedAt: at,
    });
    await repo.forgetPositions(this.deps.db, {
      userId: caller.user.id,
      keep: row.id,
      before: new Date(at.getTime() - 12 * WAY_POSITION_FRESH_MS),
    });
    return { RecordedAt: nowLocal };
  }

  /**
   * A job's sub-status became one that sets out (decision 085, `setsOnMyWay`, the seed's Travelling):
   * the caller's current appointment of the job (the office's: the job's next) is set On my way with
   * its one message, in the same change, unless it already is.
   */
  async subStatusSet(tx: Executor, emit: Emit, caller: Caller, jobId: number, subStatusId: number) {
    if (!(await repo.setsOnMyWay(tx, subStatusId))) return;
    // Read with the change's transaction: on the embedded database a read outside it would wait for it.
    const at = this.deps.clock.now();
    const nowLocal = toLocalDateTime(at, await this.deps.settings.timeZoneIn(tx));
    const row =
      (await repo.appointmentToSetOut(tx, jobId, caller.user.id, nowLocal)) ??
      (caller.user.userTypeId === UserType.Admin
        ? await repo.appointmentToSetOut(tx, jobId, null, nowLocal)
        : null);
    if (!row || row.onMyWayAt) return;
    await this.setOut(tx, emit, row.id, jobId, at);
  }

  private async setOut(tx: Executor, emit: Emit, appointmentId: number, jobId: number, at: Date) {
    await repo.setOnMyWay(tx, appointmentId, at);
    await this.deps.messages?.onMyWay(tx, emit, jobId);
  }

  /** The service report of the link's job once the visit is done, read as the job's customer reads it. */
  async report(lang: string | undefined, token: string): Promise<ReportFile> {
    const { job } = await this.open(token);
    if (job.statusId < JOB_STATUS.Completed || job.customerId === null) throw unknownLink();
    return this.deps.reports.serviceReport({ user: customerReader(job.customerId, lang), lang }, job.jobId);
  }

  /** "On my way": a participant of the job's appointment (or the office) sets out; the contact is told. */
  async onMyWay(caller: Caller, appointmentId: number) {
    const row = await repo.appointmentForWay(this.deps.db, appointmentId);
    const mine = caller.user.userTypeId === UserType.Admin || row?.participants.includes(caller.user.id);
    if (!row?.jobId || !mine) throw recordNotFound(caller, 'object_appointment', appointmentId);
    const jobId = row.jobId;
    const at = this.deps.clock.now();
    await changeWithEvents(this.deps.db, async (tx, emit) => this.setOut(tx, emit, row.id, jobId, at));
    this.deps.messages?.wake();
    return { OnMyWayAt: toLocalDateTime(at, (await this.deps.settings.global()).TimeZone) };
  }

  /** The office revokes a job's links: each answers 404 at once; the next message makes a new one. */
  async revoke(caller: Caller, jobId: number) {
    if (!(await findVisibleJob(this.deps.db, jobId, caller.user)))
      throw recordNotFound(caller, 'object_job', jobId);
    const revoked = await repo.revokeLinksOf(this.deps.db, jobId, this.deps.clock.now());
    await repo.forgetPositionsOfJob(this.deps.db, jobId);
    return { Revoked: revoked };
  }

  /** The job of a link that opens; one 404 for every other case (shape, unknown, revoked, expired, deleted). */
  private async open(token: string) {
    if (!policy.isToken(token)) throw unknownLink();
    const job = await repo.jobOfLink(this.deps.db, policy.hashOf(token));
    if (!job || job.parentId !== null || job.statusId === JOB_STATUS.Deleted) throw unknownLink();
    const [visits, global] = await Promise.all([
      repo.visitsOf(this.deps.db, job.jobId),
      this.deps.settings.global(),
    ]);
    const nowLocal = toLocalDateTime(this.deps.clock.now(), global.TimeZone);
    if (policy.expired(visits, nowLocal, global.StatusLinkHours ?? STATUS_LINK_HOURS_DEFAULT))
      throw unknownLink();
    return { job, visits, nowLocal, timeZone: global.TimeZone };
  }
}

/** Who reads the report through a link: no account (id 0), a reader of the job's customer only. */
function customerReader(customerId: number, lang: string | undefined): AuthUser {
  return {
    id: 0,
    name: '',
    email: '',
    logonName: '',
    userTypeId: UserType.CustomerEmployee,
    customerId,
    partnerCompanyId: null,
    departmentId: null,
    uiculture: lang ?? 'en',
  };
}
