import type {
  FailureCodeChangeInput,
  FailureCodeInput,
  RepairCode,
  RepairCodeChangeInput,
  SupplierFailureCode,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { alreadyInUse, fieldNotFound, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { savedAt, staleRecord } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import * as repo from './codes.repository.ts';

type Paging = {
  Page: number;
  ItemsPerPage: number;
  SearchWord?: string | undefined;
  IncludeInactive: boolean;
  SupplierId?: number | undefined;
};

const presentRepair = (r: repo.RepairCodeRow): RepairCode => ({
  Id: r.id,
  Code: r.code,
  Description: r.description,
  IsActive: r.isActive,
  RowVersion: r.rowVersion,
});
const presentFailure = (r: repo.FailureCodeRow): SupplierFailureCode => ({
  Id: r.code.id,
  SupplierId: r.code.supplierId,
  SupplierName: r.supplierName,
  Code: r.code.code,
  Description: r.code.description,
  IsActive: r.code.isActive,
  RowVersion: r.code.rowVersion,
});
const filterOf = (q: Paging) => ({
  includeInactive: q.IncludeInactive,
  search: q.SearchWord,
  supplierId: q.SupplierId,
});
const pageOf = (q: Paging) => ({ page: q.Page, perPage: q.ItemsPerPage });

/**
 * Repair codes and suppliers' failure codes (002 §7.18): unique codes (within the supplier for failure
 * codes), 'already in use on' when taken; a failure code a machine job uses is set inactive, not deleted.
 */
export class CodeService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async repairCodes(includeInactive: boolean) {
    return (await repo.listRepairCodes(this.db, { includeInactive })).map(presentRepair);
  }

  async repairCodesPage(q: Paging) {
    const [rows, total] = await Promise.all([
      repo.listRepairCodes(this.db, filterOf(q), pageOf(q)),
      repo.countRepairCodes(this.db, filterOf(q)),
    ]);
    return { Content: rows.map(presentRepair), TotalCount: total };
  }

  async repairCode(caller: Caller, id: number) {
    const row = await repo.findRepairCode(this.db, id);
    if (!row) throw recordNotFound(caller, 'object_repair_code', id);
    return presentRepair(row);
  }

  async addRepairCode(caller: Caller, code: string, description: string) {
    const row = await refuseTwins(
      () =>
        this.write(caller, 'repairCode', async (tx) => {
          const taken = await repo.repairCodeNamed(tx, code);
          if (taken) throw alreadyInUse(caller, 'code', code, holderOf(taken));
          return repo.insertRepairCode(tx, { code, description });
        }),
      async () =>
        alreadyInUse(caller, 'code', code, holderOf(await repo.repairCodeNamed(this.db, code), code)),
    );
    return presentRepair(row);
  }

  async changeRepairCode(caller: Caller, input: z.output<typeof RepairCodeChangeInput>) {
    await this.repairCode(caller, input.Id);
    const code = input.Code;
    const row = await refuseTwins(
      () =>
        this.write(caller, 'repairCode', async (tx) => {
          if (code !== undefined) {
            const taken = await repo.repairCodeNamed(tx, code, input.Id);
            if (taken) throw alreadyInUse(caller, 'Code', code, holderOf(taken));
          }
          const values = defined({ code, description: input.Description, isActive: input.IsActive });
          return savedAt(caller, await repo.updateRepairCode(tx, input.Id, values, input.RowVersion));
        }),
      async (_index, err) =>
        code === undefined
          ? err
          : alreadyInUse(
              caller,
              'Code',
              code,
              holderOf(await repo.repairCodeNamed(this.db, code, input.Id), code),
            ),
    );
    return presentRepair(row);
  }

  async removeRepairCode(caller: Caller, id: number) {
    await this.repairCode(caller, id);
    await this.write(caller, 'repairCode', async (tx) => {
      await repo.deleteRepairCode(tx, id);
      return { id };
    });
    return { Id: id };
  }

  async failureCodes(includeInactive: boolean, supplierId?: number) {
    return (await repo.listFailureCodes(this.db, { includeInactive, supplierId })).map(presentFailure);
  }

  async failureCodesOf(caller: Caller, supplierId: number, includeInactive: boolean) {
    if (!(await repo.supplierExists(this.db, supplierId)))
      throw recordNotFound(caller, 'object_supplier', supplierId);
    return this.failureCodes(includeInactive, supplierId);
  }

  async failureCodesPage(q: Paging) {
    const [rows, total] = await Promise.all([
      repo.listFailureCodes(this.db, filterOf(q), pageOf(q)),
      repo.countFailureCodes(this.db, filterOf(q)),
    ]);
    return { Content: rows.map(presentFailure), TotalCount: total };
  }

  async failureCode(caller: Caller, id: number, db: Executor = this.db) {
    const row = await repo.findFailureCode(db, id);
    if (!row) throw recordNotFound(caller, 'object_failure_code', id);
    return presentFailure(row);
  }

  async addFailureCode(caller: Caller, input: z.output<typeof FailureCodeInput>) {
    if (!(await repo.supplierExists(this.db, input.SupplierId)))
      throw fieldNotFound(caller, 'SupplierId', 'object_supplier', input.SupplierId);
    const row = await refuseTwins(
      () =>
        this.write(caller, 'supplier', async (tx) => {
          const taken = await repo.failureCodeNamed(tx, input.SupplierId, input.Code);
          if (taken) throw alreadyInUse(caller, 'Code', input.Code, holderOf(taken));
          return repo.insertFailureCode(tx, {
            supplierId: input.SupplierId,
            code: input.Code,
            description: input.Description,
            isActive: input.IsActive,
          });
        }),
      async () => {
        const taken = await repo.failureCodeNamed(this.db, input.SupplierId, input.Code);
        return alreadyInUse(caller, 'Code', input.Code, holderOf(taken, input.Code));
      },
    );
    return this.failureCode(caller, row.id);
  }

  async changeFailureCode(caller: Caller, id: number, input: z.output<typeof FailureCodeChangeInput>) {
    const before = await this.failureCode(caller, id);
    const code = input.Code;
    await refuseTwins(
      () =>
        this.write(caller, 'supplier', async (tx) => {
          if (code !== undefined) {
            const taken = await repo.failureCodeNamed(tx, before.SupplierId, code, id);
            if (taken) throw alreadyInUse(caller, 'Code', code, holderOf(taken));
          }
          const values = defined({ code, description: input.Description, isActive: input.IsActive });
          if (!(await repo.updateFailureCode(tx, id, values, input.RowVersion))) throw staleRecord(caller);
          return { id };
        }),
      async (_index, err) => {
        if (code === undefined) return err;
        const taken = await repo.failureCodeNamed(this.db, before.SupplierId, code, id);
        return alreadyInUse(caller, 'Code', code, holderOf(taken, code));
      },
    );
    return this.failureCode(caller, id);
  }

  async removeFailureCode(caller: Caller, id: number) {
    const code = await this.failureCode(caller, id);
    await this.write(caller, 'supplier', async (tx) => {
      const used = await repo.jobsWithFailureCode(tx, id);
      if (used > 0) throw stillInUse(caller, 'object_failure_code', code.Code, used);
      await repo.deleteFailureCode(tx, id);
      return { id };
    });
    return { Id: id };
  }

  private async write<T extends { id: number }>(
    caller: Caller,
    entity: string,
    change: (tx: Executor) => Promise<T>,
  ) {
    return changeWithEvents(this.db, async (tx, emit) => {
      const row = await change(tx);
      emit({ entity, entityId: row.id, changeType: 'Change', userId: caller.user.id });
      return row;
    });
  }
}

/**
 * The record a taken code is in use on: its code and description. The unique indexes on the codes
 * (migration 0006) are the guarantee; a twin saved concurrently after the check is named the same way.
 */
function holderOf(taken: { code: string; description: string } | null, fallback = '') {
  return taken ? `${taken.code} ${taken.description}`.trim() : fallback;
}

/** The keys that were given: an update sets only what the caller sent. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
