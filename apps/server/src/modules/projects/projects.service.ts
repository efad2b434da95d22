import type { Project, ProjectChangeInput, ProjectInput } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { alreadyInUse, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { type PrependQuery, prependedPage } from '../common/paging.ts';
import { staleRecord } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './projects.repository.ts';

const present = (r: { project: repo.ProjectRow; jobCount: number }): Project => ({
  Id: r.project.id,
  Name: r.project.name,
  Description: r.project.description,
  IsActive: r.project.isActive,
  JobCount: Number(r.jobCount),
  RowVersion: r.project.rowVersion,
});

/** Projects (002 §7.18, ProjectsEnabled): reference data the job's order options choose from. */
export class ProjectService {
  private readonly deps: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.deps = deps;
  }

  /** Project/ToggleFeature: ProjectsEnabled flipped, with the settings event, like AssetType's. */
  toggleFeature(caller: Caller) {
    return this.deps.settings.toggleFeature(caller, 'ProjectsEnabled');
  }

  async list() {
    return (await repo.listProjects(this.deps.db, {}, 1, 1000)).map(present);
  }

  filtered(q: PrependQuery) {
    const list = (f: repo.ProjectFilter, page: number, size: number) =>
      repo.listProjects(this.deps.db, f, page, size).then((rows) => rows.map(present));
    return prependedPage(q, {
      page: (f) => list(f, q.Page, q.ItemsPerPage),
      count: (f) => repo.countProjects(this.deps.db, f),
      ids: (ids) => list({ ids }, 1, ids.length),
    });
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findProject(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_project', id);
    return present(row);
  }

  async create(caller: Caller, input: z.output<typeof ProjectInput>) {
    const id = await this.unique(caller, input.Name, undefined, () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        const taken = await repo.sameName(tx, input.Name);
        if (taken) throw alreadyInUse(caller, 'Name', input.Name, taken.name);
        const id = await repo.insertProject(tx, {
          name: input.Name,
          description: input.Description,
          isActive: input.IsActive,
        });
        emit({ entity: 'project', entityId: id, changeType: 'New', userId: caller.user.id });
        return id;
      }),
    );
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof ProjectChangeInput>) {
    await this.get(caller, input.Id);
    await this.unique(caller, input.Name, input.Id, () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        if (input.Name !== undefined) {
          const taken = await repo.sameName(tx, input.Name, input.Id);
          if (taken) throw alreadyInUse(caller, 'Name', input.Name, taken.name);
        }
        const values = {
          ...(input.Name !== undefined ? { name: input.Name } : {}),
          ...(input.Description !== undefined ? { description: input.Description } : {}),
          ...(input.IsActive !== undefined ? { isActive: input.IsActive } : {}),
        };
        if (!(await repo.updateProject(tx, input.Id, values, input.RowVersion))) throw staleRecord(caller);
        emit({ entity: 'project', entityId: input.Id, changeType: 'Change', userId: caller.user.id });
      }),
    );
    return this.get(caller, input.Id);
  }

  /** Refused while jobs belong to it: their orders would lose their project silently. */
  async delete(caller: Caller, id: number) {
    const current = await repo.findProject(this.deps.db, id);
    if (!current) throw recordNotFound(caller, 'object_project', id);
    const jobs = Number(current.jobCount);
    if (jobs > 0) throw stillInUse(caller, 'object_project', current.project.name, jobs);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.deleteProject(tx, id);
      emit({ entity: 'project', entityId: id, changeType: 'Delete', userId: caller.user.id });
    });
    return { Id: id };
  }

  /** The unique index on lower(name) is the guarantee; a concurrent twin answers the same 409. */
  private unique<T>(
    caller: Caller,
    name: string | undefined,
    exceptId: number | undefined,
    write: () => Promise<T>,
  ) {
    return refuseTwins(write, async (_index, err) =>
      name === undefined
        ? err
        : alreadyInUse(
            caller,
            'Name',
            name,
            (await repo.sameName(this.deps.db, name, exceptId))?.name ?? name,
          ),
    );
  }
}
