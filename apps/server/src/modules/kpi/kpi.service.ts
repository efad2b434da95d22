import {
  type JobKpi,
  KPI_REASONS,
  type KpiChangeInput,
  type KpiOptions,
  type KpiSummary,
  toLocalDateTime,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { assertCurrent } from '../common/row-version.ts';
import { logJobChange } from '../jobs/job-log.ts';
import { findJob, findVisibleJob } from '../jobs/jobs.api.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { kpiOf, summed } from './kpi.policy.ts';
import * as repo from './kpi.repository.ts';

type ChangeInput = z.output<typeof KpiChangeInput>;

/** A job's KPIs (002 §7.11), computed from its data on every read; the service manager's settings stored. */
export class KpiService {
  private readonly deps: { db: Db; settings: SettingsService; clock: Clock };
  constructor(deps: { db: Db; settings: SettingsService; clock: Clock }) {
    this.deps = deps;
  }

  /** The parent job in the caller's scope (a sub-job's id names its parent). */
  private async visibleParent(caller: Caller, id: number) {
    const job = await findVisibleJob(this.deps.db, id, caller.user);
    if (!job) throw recordNotFound(caller, 'object_job', id);
    return job.parentId ?? job.id;
  }

  async ofJob(caller: Caller, id: number): Promise<JobKpi> {
    const jobId = await this.visibleParent(caller, id);
    const tz = (await this.deps.settings.global()).TimeZone;
    const row = await repo.kpiRowOfJob(this.deps.db, jobId, tz);
    return kpiOf(row!, tz);
  }

  async options(caller: Caller, id: number): Promise<KpiOptions> {
    const jobId = await this.visibleParent(caller, id);
    const row = await repo.findSettings(this.deps.db, jobId);
    return {
      JobId: jobId,
      FirstTimeFix: row?.firstTimeFix ?? null,
      ExcludeFromKpi: row?.excludeFromKpi ?? false,
      Reason: row?.reason ?? '',
      Reasons: [...KPI_REASONS],
      RowVersion: row?.rowVersion ?? 0,
    };
  }

  async change(caller: Caller, input: ChangeInput): Promise<JobKpi> {
    const jobId = await this.visibleParent(caller, input.JobId);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const job = (await findJob(tx, jobId, undefined, true))!;
      const before = await repo.findSettings(tx, jobId, true);
      // No settings yet is version 0, as KPI/Options answers.
      assertCurrent(caller, { rowVersion: before?.rowVersion ?? 0 }, input.RowVersion);
      const after = await repo.upsertSettings(tx, jobId, {
        firstTimeFix: input.FirstTimeFix === undefined ? (before?.firstTimeFix ?? null) : input.FirstTimeFix,
        excludeFromKpi: input.ExcludeFromKpi ?? before?.excludeFromKpi ?? false,
        reason: input.Reason ?? before?.reason ?? '',
        updatedBy: caller.user.id,
      });
      const shown = (v: boolean | string | null | undefined) =>
        v === null || v === undefined ? null : String(v);
      const changes = (
        [
          ['KpiFirstTimeFix', before?.firstTimeFix, after.firstTimeFix],
          ['KpiExcluded', before?.excludeFromKpi ?? false, after.excludeFromKpi],
          ['KpiReason', before?.reason ?? '', after.reason],
        ] as const
      )
        .filter(([, a, b]) => shown(a) !== shown(b))
        .map(([Field, a, b]) => ({ Field, OldValue: shown(a), NewValue: shown(b) }));
      await logJobChange(tx, caller, job, 'Change', changes, { emit });
    });
    return this.ofJob(caller, jobId);
  }

  /** The month's jobs (by creation, in the company's time zone) summed; this month when none is named. */
  async summary(caller: Caller, month: string | undefined): Promise<KpiSummary> {
    const tz = (await this.deps.settings.global()).TimeZone;
    const m = month ?? toLocalDateTime(this.deps.clock.now(), tz).slice(0, 7);
    const [y, mo] = m.split('-').map(Number) as [number, number];
    const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
    const span = { from: `${m}-01T00:00:00`, to: `${next}-01T00:00:00` };
    const rows = await repo.kpiRowsCreated(this.deps.db, caller.user, span, tz);
    return { Month: m, ...summed(rows.map((r) => kpiOf(r, tz))) };
  }
}
