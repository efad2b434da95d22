import {
  editedNames,
  type JobPriorityChangeInput,
  type JobStatusChangeInput,
  type JobSubStatusChangeInput,
  type JobSubStatusInput,
  type JobTypeChangeInput,
  languageOf,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { alreadyInUse, fieldNotFound, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import { presentPriority, presentStatus, presentSubStatus, presentType } from '../jobs/job-list.presenter.ts';
import * as repo from './job-statuses.repository.ts';

/**
 * The Admin's job statuses (001 §2.4): statuses keep their ids (the rules hang on them) but take the
 * company's names, colours, icons and order; sub-statuses are the company's own. Every change makes
 * the job list read its lookups again (`forgetLookups`) and writes a settings event. A plain `Name` is
 * the name in the caller's language (and the stored name); `Names` sets names per language (decision 034).
 * Job types and priorities keep their ids too and take the company's names (and a priority its hours).
 */
export class JobStatusAdminService {
  private readonly deps: { db: Db; forgetLookups: () => void };
  constructor(deps: { db: Db; forgetLookups: () => void }) {
    this.deps = deps;
  }

  async changeStatus(caller: Caller, input: z.output<typeof JobStatusChangeInput>) {
    const row = await this.write(caller, input.Id, async (tx) => {
      const before = await repo.findStatus(tx, input.Id, true);
      if (!before) throw recordNotFound(caller, 'object_job_status', input.Id);
      assertCurrent(caller, before, input.RowVersion);
      const names =
        input.Name === undefined && input.Names === undefined
          ? undefined
          : editedNames(before.names, {
              name: input.Name,
              names: input.Names,
              lang: languageOf(caller.lang),
            });
      const values = Object.fromEntries(
        Object.entries({
          name: input.Name,
          names,
          color: input.Color,
          icon: input.Icon,
          sortOrder: input.SortOrder,
        }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(values).length === 0) return before;
      return savedAt(caller, await repo.updateStatus(tx, input.Id, values, input.RowVersion));
    });
    return presentStatus(row, languageOf(caller.lang));
  }

  async createSubStatus(caller: Caller, input: z.output<typeof JobSubStatusInput>) {
    const row = await refuseTwins(
      () =>
        this.write(caller, input.ParentId, async (tx) => {
          if (!(await repo.findStatus(tx, input.ParentId)))
            throw fieldNotFound(caller, 'ParentId', 'object_job_status', input.ParentId);
          await this.nameFree(caller, tx, input.ParentId, input.Name);
          const names = editedNames(
            {},
            { name: input.Name, names: input.Names, lang: languageOf(caller.lang) },
          );
          return repo.insertSubStatus(tx, input.ParentId, input.Name, names);
        }),
      () => this.twinRefusal(caller, input.ParentId, input.Name),
    );
    return presentSubStatus(row, languageOf(caller.lang));
  }

  async changeSubStatus(caller: Caller, input: z.output<typeof JobSubStatusChangeInput>) {
    let statusId = 0;
    const row = await refuseTwins(
      () =>
        this.write(caller, null, async (tx) => {
          const before = await repo.findSubStatus(tx, input.Id, true);
          if (!before) throw recordNotFound(caller, 'object_job_sub_status', input.Id);
          statusId = before.jobStatusId;
          assertCurrent(caller, before, input.RowVersion);
          if (input.Name === undefined && input.Names === undefined && input.SetsOnMyWay === undefined)
            return before;
          if (input.Name !== undefined)
            await this.nameFree(caller, tx, before.jobStatusId, input.Name, input.Id);
          const names = editedNames(before.names, {
            name: input.Name,
            names: input.Names,
            lang: languageOf(caller.lang),
          });
          const values = {
            name: input.Name ?? before.name,
            names,
            setsOnMyWay: input.SetsOnMyWay ?? before.setsOnMyWay,
          };
          return savedAt(caller, await repo.renameSubStatus(tx, input.Id, values, input.RowVersion));
        }),
      () => this.twinRefusal(caller, statusId, input.Name ?? '', input.Id),
    );
    return presentSubStatus(row, languageOf(caller.lang));
  }

  async deleteSubStatus(caller: Caller, id: number) {
    await this.write(caller, null, async (tx) => {
      const before = await repo.findSubStatus(tx, id, true);
      if (!before) throw recordNotFound(caller, 'object_job_sub_status', id);
      const used = await repo.jobsWithSubStatus(tx, id);
      if (used > 0) throw stillInUse(caller, 'object_job_sub_status', before.name, used);
      await repo.deleteSubStatus(tx, id);
      return before;
    });
    return { Id: id };
  }

  async changeType(caller: Caller, input: z.output<typeof JobTypeChangeInput>) {
    const lang = languageOf(caller.lang);
    const row = await this.write(
      caller,
      null,
      async (tx) => {
        const before = await repo.findType(tx, input.Id, true);
        if (!before) throw recordNotFound(caller, 'object_job_type', input.Id);
        assertCurrent(caller, before, input.RowVersion);
        if (input.Name === undefined && input.Names === undefined && input.Skills === undefined)
          return before;
        const renamed = input.Name !== undefined || input.Names !== undefined;
        const names = renamed
          ? editedNames(before.names, { name: input.Name, names: input.Names, lang })
          : before.names;
        const values = { name: input.Name ?? before.name, names, skills: input.Skills ?? before.skills };
        return savedAt(caller, await repo.updateType(tx, input.Id, values, input.RowVersion));
      },
      'JobType',
    );
    return presentType(row, lang);
  }

  async changePriority(caller: Caller, input: z.output<typeof JobPriorityChangeInput>) {
    const lang = languageOf(caller.lang);
    const row = await this.write(
      caller,
      null,
      async (tx) => {
        const before = await repo.findPriority(tx, input.Id, true);
        if (!before) throw recordNotFound(caller, 'object_job_priority', input.Id);
        assertCurrent(caller, before, input.RowVersion);
        const renamed = input.Name !== undefined || input.Names !== undefined;
        if (!renamed && input.DueAfterHours === undefined) return before;
        const values = {
          ...(renamed
            ? {
                name: input.Name ?? before.name,
                names: editedNames(before.names, { name: input.Name, names: input.Names, lang }),
              }
            : {}),
          ...(input.DueAfterHours === undefined ? {} : { dueAfterHours: input.DueAfterHours }),
        };
        return savedAt(caller, await repo.updatePriority(tx, input.Id, values, input.RowVersion));
      },
      'JobPriority',
    );
    return presentPriority(row, lang);
  }

  private async nameFree(caller: Caller, tx: Executor, statusId: number, name: string, exceptId?: number) {
    const twin = await repo.findSubStatusByName(tx, statusId, name, exceptId);
    if (twin) throw alreadyInUse(caller, 'Name', name, twin.name);
  }

  /** A twin saved concurrently after the check: the index refused (migration 0010), the same 409. */
  private async twinRefusal(caller: Caller, statusId: number, name: string, exceptId?: number) {
    const twin = await repo.findSubStatusByName(this.deps.db, statusId, name, exceptId);
    return alreadyInUse(caller, 'Name', name, twin?.name ?? name);
  }

  /**
   * One change and its settings event. The event stays `JobStatus` for every part of the page: the
   * screens read jobs, the planner and the lookups again on it (web live-events invalidation).
   */
  private async write<T>(
    caller: Caller,
    statusId: number | null,
    change: (tx: Executor) => Promise<T>,
    part: 'JobStatus' | 'JobType' | 'JobPriority' = 'JobStatus',
  ) {
    const result = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const value = await change(tx);
      emit({
        entity: 'settings',
        entityId: 'JobStatus',
        changeType: 'Change',
        userId: caller.user.id,
        payload: part === 'JobStatus' ? { Part: part, StatusId: statusId } : { Part: part },
      });
      return value;
    });
    this.deps.forgetLookups();
    return result;
  }
}
