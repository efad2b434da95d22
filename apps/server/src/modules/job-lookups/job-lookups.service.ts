import {
  editedNames,
  type Language,
  languageOf,
  localName,
  type NamedLookup,
  type NamedLookupChangeInput,
  type NamedLookupInput,
  type ServerMessageKey,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { alreadyInUse, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { savedAt } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import * as repo from './named-lookups.repository.ts';

export type LookupKind = repo.LookupKind;

const KINDS: Record<LookupKind, { table: repo.LookupTable; object: ServerMessageKey & `object_${string}` }> =
  {
    jobCategory: { table: repo.lookupTables.jobCategory, object: 'object_job_category' },
    warrantyType: { table: repo.lookupTables.warrantyType, object: 'object_warranty_type' },
    repairPlace: { table: repo.lookupTables.repairPlace, object: 'object_repair_place' },
  };

const present = (r: repo.LookupRow, lang: Language): NamedLookup => ({
  Id: r.id,
  Name: localName(r, lang),
  Names: r.names,
  IsActive: r.isActive,
  RowVersion: r.rowVersion,
});

type Paging = {
  Page: number;
  ItemsPerPage: number;
  SearchWord?: string | undefined;
  IncludeInactive: boolean;
};

/**
 * Job categories, warranty types and repair places: read by everyone, kept by the Admin. Names are
 * unique whatever their case (001 §5 'already in use on'); one in use by a job is made inactive rather
 * than deleted. Every change writes its change event in its transaction.
 */
export class JobLookupService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async list(lang: Language, kind: LookupKind, includeInactive: boolean) {
    const rows = await repo.listLookups(this.db, KINDS[kind].table, { includeInactive });
    return rows.map((r) => present(r, lang));
  }

  async filtered(lang: Language, kind: LookupKind, q: Paging) {
    const t = KINDS[kind].table;
    const f = { includeInactive: q.IncludeInactive, search: q.SearchWord };
    const [rows, total] = await Promise.all([
      repo.listLookups(this.db, t, f, { page: q.Page, perPage: q.ItemsPerPage }),
      repo.countLookups(this.db, t, f),
    ]);
    return { Content: rows.map((r) => present(r, lang)), TotalCount: total };
  }

  async get(caller: Caller, kind: LookupKind, id: number, db: Executor = this.db) {
    return present(await this.row(caller, kind, id, db), languageOf(caller.lang));
  }

  private async row(caller: Caller, kind: LookupKind, id: number, db: Executor = this.db) {
    const row = await repo.findLookup(db, KINDS[kind].table, id);
    if (!row) throw recordNotFound(caller, KINDS[kind].object, id);
    return row;
  }

  async create(caller: Caller, kind: LookupKind, input: z.output<typeof NamedLookupInput>) {
    const names = editedNames({}, { name: input.Name, names: input.Names, lang: languageOf(caller.lang) });
    return this.write(caller, kind, 'New', input.Name, undefined, (tx) =>
      repo.insertLookup(tx, KINDS[kind].table, { name: input.Name, names, isActive: input.IsActive }),
    );
  }

  async change(caller: Caller, kind: LookupKind, input: z.output<typeof NamedLookupChangeInput>) {
    const before = await this.row(caller, kind, input.Id);
    const names =
      input.Name === undefined && input.Names === undefined
        ? undefined
        : editedNames(before.names, { name: input.Name, names: input.Names, lang: languageOf(caller.lang) });
    const values = { name: input.Name, names, isActive: input.IsActive };
    return this.write(caller, kind, 'Change', input.Name, input.Id, async (tx) =>
      savedAt(caller, await repo.updateLookup(tx, KINDS[kind].table, input.Id, values, input.RowVersion)),
    );
  }

  async toggleActive(caller: Caller, kind: LookupKind, id: number) {
    const current = await this.get(caller, kind, id);
    const row = await this.write(caller, kind, 'Change', undefined, id, async (tx) =>
      savedAt(caller, await repo.updateLookup(tx, KINDS[kind].table, id, { isActive: !current.IsActive })),
    );
    return { Id: row.Id, IsActive: row.IsActive };
  }

  async remove(caller: Caller, kind: LookupKind, id: number) {
    const { table, object } = KINDS[kind];
    const current = await this.get(caller, kind, id);
    await changeWithEvents(this.db, async (tx, emit) => {
      const users = await repo.jobsUsing(tx, table, id);
      if (users > 0) throw stillInUse(caller, object, current.Name, users);
      await repo.deleteLookup(tx, table, id);
      emit({ entity: kind, entityId: id, changeType: 'Delete', userId: caller.user.id });
    });
    return { Id: id };
  }

  private async write(
    caller: Caller,
    kind: LookupKind,
    changeType: 'New' | 'Change',
    name: string | undefined,
    exceptId: number | undefined,
    save: (tx: Executor) => Promise<repo.LookupRow>,
  ) {
    const t = KINDS[kind].table;
    // The unique index on lower(name) is the guarantee (migration 0010); the check names the holder.
    const row = await refuseTwins(
      () =>
        changeWithEvents(this.db, async (tx, emit) => {
          if (name !== undefined) await this.nameFree(caller, tx, t, name, exceptId);
          const saved = await save(tx);
          emit({ entity: kind, entityId: saved.id, changeType, userId: caller.user.id });
          return saved;
        }),
      async (_index, err) =>
        name === undefined
          ? err
          : alreadyInUse(
              caller,
              'Name',
              name,
              (await repo.sameName(this.db, t, name, exceptId))?.name ?? name,
            ),
    );
    return present(row, languageOf(caller.lang));
  }

  private async nameFree(caller: Caller, tx: Executor, t: repo.LookupTable, name: string, exceptId?: number) {
    const taken = await repo.sameName(tx, t, name, exceptId);
    if (taken) throw alreadyInUse(caller, 'Name', name, taken.name);
  }
}
