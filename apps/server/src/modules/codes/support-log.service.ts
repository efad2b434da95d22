import { type SupportLogEntry, toLocalDateTime } from '@fieldport/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { supportLogs } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { findJob } from '../jobs/job.repository.ts';
import { logJobChange } from '../jobs/job-log.ts';
import { jobScope } from '../jobs/job-scope.ts';
import type { SettingsService } from '../settings/settings.service.ts';

type Row = typeof supportLogs.$inferSelect;

/**
 * A job's support log (002 §7.12): the staff's notes, newest first. A note is changed by its author or
 * an Admin; adding one is a change of the job (its history line and job event).
 */
export class SupportLogService {
  private readonly d: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.d = deps;
  }

  async ofJob(caller: Caller, jobId: number) {
    const job = await findJob(this.d.db, jobId, jobScope(caller.user));
    if (!job) throw recordNotFound(caller, 'object_job', jobId);
    const rows = await this.d.db
      .select()
      .from(supportLogs)
      .where(eq(supportLogs.jobId, job.parentId ?? job.id))
      .orderBy(desc(supportLogs.id));
    return this.present(rows);
  }

  async add(caller: Caller, jobId: number, text: string) {
    const job = await findJob(this.d.db, jobId, jobScope(caller.user));
    if (!job) throw recordNotFound(caller, 'object_job', jobId);
    const row = await this.d.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(supportLogs)
        .values({
          jobId: job.parentId ?? job.id,
          text,
          createdBy: caller.user.id,
          createdByName: caller.user.name,
        })
        .returning();
      await logJobChange(tx, caller, job, 'Change', [
        { Field: 'SupportLog', OldValue: null, NewValue: text },
      ]);
      return made!;
    });
    return (await this.present([row]))[0]!;
  }

  async change(caller: Caller, id: number, text: string) {
    const row = await this.d.db.transaction(async (tx) => {
      const [before] = await tx.select().from(supportLogs).where(eq(supportLogs.id, id)).for('update');
      if (!before) throw recordNotFound(caller, 'object_support_log', id);
      if (before.createdBy !== caller.user.id && caller.user.userTypeId !== 1)
        throw new AppError(403, 'edit_not_allowed');
      const [after] = await tx
        .update(supportLogs)
        .set({ text, updatedAt: sql`now()` })
        .where(eq(supportLogs.id, id))
        .returning();
      const job = (await findJob(tx, before.jobId, undefined))!;
      await logJobChange(tx, caller, job, 'Change', [
        { Field: 'SupportLog', OldValue: before.text, NewValue: text },
      ]);
      return after!;
    });
    return (await this.present([row]))[0]!;
  }

  private async present(rows: Row[]): Promise<SupportLogEntry[]> {
    const tz = (await this.d.settings.global()).TimeZone;
    return rows.map((r) => ({
      Id: r.id,
      JobId: r.jobId,
      Text: r.text,
      CreatedById: r.createdBy,
      CreatedBy: r.createdByName,
      Created: toLocalDateTime(r.createdAt, tz),
      Updated: toLocalDateTime(r.updatedAt, tz),
    }));
  }
}
