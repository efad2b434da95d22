import { type SupportLogEntry, toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { forbidden, recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { logJobChange } from '../jobs/job-log.ts';
import { findJob, findVisibleJob } from '../jobs/jobs.api.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { supportLogPolicy } from './support-log.policy.ts';
import * as repo from './support-log.repository.ts';

/**
 * A job's support log (002 §7.12): the staff's notes, newest first. A note is changed by its author or
 * an Admin; adding one is a change of the job (its history line and job event).
 */
export class SupportLogService {
  private readonly deps: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.deps = deps;
  }

  async ofJob(caller: Caller, jobId: number) {
    const job = await findVisibleJob(this.deps.db, jobId, caller.user);
    if (!job) throw recordNotFound(caller, 'object_job', jobId);
    const rows = await repo.notesOfJob(this.deps.db, job.parentId ?? job.id);
    return this.present(rows);
  }

  async add(caller: Caller, jobId: number, text: string) {
    const job = await findVisibleJob(this.deps.db, jobId, caller.user);
    if (!job) throw recordNotFound(caller, 'object_job', jobId);
    const row = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const made = await repo.insertNote(tx, {
        jobId: job.parentId ?? job.id,
        text,
        createdBy: caller.user.id,
        createdByName: caller.user.name,
      });
      await logJobChange(
        tx,
        caller,
        job,
        'Change',
        [{ Field: 'SupportLog', OldValue: null, NewValue: text }],
        { emit },
      );
      return made;
    });
    return (await this.present([row]))[0]!;
  }

  async change(caller: Caller, id: number, text: string, rowVersion?: number) {
    const row = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findNote(tx, id, true);
      if (!before) throw recordNotFound(caller, 'object_support_log', id);
      if (!supportLogPolicy.mayChange(caller.user, before)) throw forbidden('edit_not_allowed');
      assertCurrent(caller, before, rowVersion);
      const after = savedAt(caller, await repo.updateNoteText(tx, id, text, rowVersion));
      const job = (await findJob(tx, before.jobId, undefined))!;
      await logJobChange(
        tx,
        caller,
        job,
        'Change',
        [{ Field: 'SupportLog', OldValue: before.text, NewValue: text }],
        { emit },
      );
      return after;
    });
    return (await this.present([row]))[0]!;
  }

  private async present(rows: repo.SupportLogRow[]): Promise<SupportLogEntry[]> {
    const tz = (await this.deps.settings.global()).TimeZone;
    return rows.map((r) => ({
      Id: r.id,
      JobId: r.jobId,
      Text: r.text,
      CreatedById: r.createdBy,
      CreatedBy: r.createdByName,
      Created: toLocalDateTime(r.createdAt, tz),
      Updated: toLocalDateTime(r.updatedAt, tz),
      RowVersion: r.rowVersion,
    }));
  }
}
