import type { DepartmentChangeInput, DepartmentInput } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { alreadyInUse, recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { type PrependQuery, prependedPage } from '../common/paging.ts';
import { savedAt } from '../common/row-version.ts';
import { refuseTwins, retryTwins } from '../common/unique.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './departments.repository.ts';

const present = (r: { department: repo.DepartmentRow; userCount: number }) => ({
  Id: r.department.id,
  Name: r.department.name,
  IsActive: r.department.isActive,
  UserCount: Number(r.userCount),
  RowVersion: r.department.rowVersion,
});

/** Departments (ids the company's own and unique, 001 §5) and the firm list. */
export class DepartmentService {
  private readonly deps: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.deps = deps;
  }

  filtered(q: PrependQuery) {
    const list = (f: repo.DepartmentFilter, page: { limit: number; offset: number }) =>
      repo.listDepartments(this.deps.db, f, page).then((rows) => rows.map(present));
    return prependedPage(q, {
      page: (f) => list(f, repo.pageOf(q.Page, q.ItemsPerPage)),
      count: (f) => repo.countDepartments(this.deps.db, f),
      ids: (ids) => list({ ids }, { limit: ids.length, offset: 0 }),
    });
  }

  async search(searchQuery: string | undefined) {
    const rows = await repo.listDepartments(this.deps.db, { word: searchQuery }, { limit: 1000, offset: 0 });
    return rows.map(present);
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findDepartment(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_department', id);
    return present(row);
  }

  async create(caller: Caller, input: z.output<typeof DepartmentInput>) {
    if (input.Id) await this.checkIdFree(caller, input.Id);
    const write = () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        const id = input.Id ?? (await repo.nextDepartmentId(tx));
        await repo.insertDepartment(tx, { id, name: input.Name, isActive: input.IsActive });
        emit({
          entity: 'department',
          entityId: id,
          changeType: 'New',
          userId: caller.user.id,
        });
        return id;
      });
    // The primary key is the guarantee: an id typed in that a concurrent create took answers the
    // check's 409; an automatic one a concurrent create chose by hand is drawn again.
    const id = await refuseTwins(
      () => retryTwins(write, () => !input.Id),
      async (_index, err) => {
        if (!input.Id) return err;
        const holder = await repo.findDepartment(this.deps.db, input.Id);
        return alreadyInUse(caller, 'Id', input.Id, holder?.department.name ?? String(input.Id));
      },
    );
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof DepartmentChangeInput>) {
    if (!(await repo.findDepartment(this.deps.db, input.Id)))
      throw recordNotFound(caller, 'object_department', input.Id);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const values = { name: input.Name, isActive: input.IsActive };
      savedAt(caller, await repo.updateDepartment(tx, input.Id, values, input.RowVersion));
      emit({
        entity: 'department',
        entityId: input.Id,
        changeType: 'Change',
        userId: caller.user.id,
      });
    });
    return this.get(caller, input.Id);
  }

  /** The installation is one firm: the company of the settings (MultipleFirms would add more). */
  async firms() {
    const company = await this.deps.settings.company();
    return [{ Id: 1, Name: company.CompanyName, OrganisationNumber: '' }];
  }

  private async checkIdFree(caller: Caller, id: number) {
    const holder = await repo.findDepartment(this.deps.db, id);
    if (holder) throw alreadyInUse(caller, 'Id', id, holder.department.name);
  }
}
