import {
  JOB_STATUS,
  languageOf,
  localName,
  STATUS_LINK_HOURS_DEFAULT,
  type StatusPage,
  toLocalDateTime,
  UserType,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AuthUser, Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { AppError, recordNotFound } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { jobScope } from '../jobs/job-scope.ts';
import { findJob } from '../jobs/jobs.api.ts';
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
  maps: Pick<MapService, 'routePlan'>;
  reports: Pick<ReportService, 'serviceReport'>;
  /** The web app's address the links are under: PUBLIC_URL and BASE_PATH, as the label's links. */
  portalUrl: string;
  messages?: OnMyWayMessages;
}

/** Every way a link can fail to open answers this, so nothing tells whether a job exists. */
const unknownLink = () => new AppError(404, 'status_link_not_found');

/**
 * The customer's status link of a job (issue 32 item 2, decision 072): made when a message naming
 * `{StatusLink}` is written, opened by its random token (only its SHA-256 is stored), ended a set time
 * after the job's last visit or when the office revokes the job's links. The page names the job's
 * state, the window, the technician's first name and the arrival estimate, nothing else.
 */
export class StatusLinkService {
  private readonly d: Deps;
  constructor(deps: Deps) {
    this.d = deps;
  }

  /** A new link to a job's page, for one message: the token goes in the message, its hash is kept. */
  async issue(jobId: number, db: Executor = this.d.db): Promise<string> {
    const token = policy.newToken();
    await repo.insertStatusLink(db, {
      jobId,
      tokenHash: policy.hashOf(token),
      createdAt: this.d.clock.now(),
    });
    return `${this.d.portalUrl}status/${token}`;
  }

  async page(lang: string | undefined, token: string): Promise<StatusPage> {
    const { job, visits, nowLocal, timeZone } = await this.open(token);
    const visit = policy.visitNow(visits, nowLocal);
    let arrival: string | null = null;
    if (visit?.onMyWayAt && visit.technicianId !== null) {
      const plan = await this.d.maps.routePlan(visit.technicianId, visit.startTime.slice(0, 10));
      const leg = plan.Routes.find((r) => r.AppointmentId === visit.id);
      if (leg) arrival = toLocalDateTime(policy.addSeconds(visit.onMyWayAt, leg.DurationSeconds), timeZone);
    }
    const stage = policy.stage(job.statusId, visit, nowLocal, arrival);
    const name = visit?.technicianId ? await repo.userName(this.d.db, visit.technicianId) : null;
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

  /** The service report of the link's job once the visit is done, read as the job's customer reads it. */
  async report(lang: string | undefined, token: string): Promise<ReportFile> {
    const { job } = await this.open(token);
    if (job.statusId < JOB_STATUS.Completed || job.customerId === null) throw unknownLink();
    return this.d.reports.serviceReport({ user: customerReader(job.customerId, lang), lang }, job.jobId);
  }

  /** "On my way": a participant of the job's appointment (or the office) sets out; the contact is told. */
  async onMyWay(caller: Caller, appointmentId: number) {
    const row = await repo.appointmentForWay(this.d.db, appointmentId);
    const mine = caller.user.userTypeId === UserType.Admin || row?.participants.includes(caller.user.id);
    if (!row?.jobId || !mine) throw recordNotFound(caller, 'object_appointment', appointmentId);
    const jobId = row.jobId;
    const at = this.d.clock.now();
    await changeWithEvents(this.d.db, async (tx, emit) => {
      await repo.setOnMyWay(tx, row.id, at);
      await this.d.messages?.onMyWay(tx, emit, jobId);
    });
    this.d.messages?.wake();
    return { OnMyWayAt: toLocalDateTime(at, (await this.d.settings.global()).TimeZone) };
  }

  /** The office revokes a job's links: each answers 404 at once; the next message makes a new one. */
  async revoke(caller: Caller, jobId: number) {
    if (!(await findJob(this.d.db, jobId, jobScope(caller.user))))
      throw recordNotFound(caller, 'object_job', jobId);
    return { Revoked: await repo.revokeLinksOf(this.d.db, jobId, this.d.clock.now()) };
  }

  /** The job of a link that opens; one 404 for every other case (shape, unknown, revoked, expired, deleted). */
  private async open(token: string) {
    if (!policy.isToken(token)) throw unknownLink();
    const job = await repo.jobOfLink(this.d.db, policy.hashOf(token));
    if (!job || job.parentId !== null || job.statusId === JOB_STATUS.Deleted) throw unknownLink();
    const [visits, global] = await Promise.all([
      repo.visitsOf(this.d.db, job.jobId),
      this.d.settings.global(),
    ]);
    const nowLocal = toLocalDateTime(this.d.clock.now(), global.TimeZone);
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
