import type { ContractChangeInput, ContractCreateInput, ContractFilter } from '@fieldport/contract';
import { languageOf, localName, serverMessage } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { offsetOf } from '../common/paging.ts';
import { assertCurrent } from '../common/row-version.ts';
import { customerScope } from '../common/scope.ts';
import { findCustomerRef } from '../machines/machines.api.ts';
import { presentContract, presentContractListItem } from './agreements.presenter.ts';
import * as repo from './contracts.repository.ts';

const contractEvent = (
  caller: Caller,
  id: number,
  customerId: number,
  changeType: 'New' | 'Change' | 'Delete',
) => ({
  entity: 'contract',
  entityId: id,
  changeType,
  userId: caller.user.id,
  payload: { ContractId: id, CustomerId: customerId },
});

/**
 * Contracts (issue 15; 002 §7.5): contract types with their counts, a customer's contracts over its
 * machines. Everyone reads what their company may see (customerScope); the Admin changes them. A
 * contract may not end before it starts, nor cover another customer's machine.
 */
export class ContractService {
  private readonly deps: { db: Db };
  constructor(deps: { db: Db }) {
    this.deps = deps;
  }

  async typeMap(caller: Caller) {
    const rows = await repo.contractTypeMap(this.deps.db, customerScope(caller.user));
    const lang = languageOf(caller.lang);
    return rows.map((r) => ({ Id: r.id, Name: localName(r, lang), Icon: r.icon, Count: r.count }));
  }

  async filtered(caller: Caller, q: z.output<typeof ContractFilter>) {
    const scope = customerScope(caller.user);
    const f = {
      contractTypeId: q.ContractTypeId,
      customerId: q.CustomerId,
      machineId: q.MachineId,
      search: q.SearchWord,
      includeInactive: q.IncludeInactive,
    };
    const [rows, total] = await Promise.all([
      repo.listContracts(this.deps.db, f, scope, {
        limit: q.ItemsPerPage,
        offset: offsetOf(q.Page, q.ItemsPerPage),
      }),
      repo.countContracts(this.deps.db, f, scope),
    ]);
    return {
      Content: rows.map((r) => presentContractListItem(r, languageOf(caller.lang))),
      TotalCount: total,
    };
  }

  async get(caller: Caller, id: number, db: Executor = this.deps.db) {
    const [row] = await repo.listContracts(db, { id, includeInactive: true }, customerScope(caller.user), {
      limit: 1,
      offset: 0,
    });
    if (!row) throw recordNotFound(caller, 'object_contract', id);
    return presentContract(row, await repo.machinesOfContract(db, id), languageOf(caller.lang));
  }

  private async checkFields(
    caller: Caller,
    db: Executor,
    customerId: number,
    v: {
      ContractTypeId?: number | undefined;
      StartDate: string;
      EndDate: string | null;
      MachineIds?: number[] | undefined;
    },
  ) {
    if (v.ContractTypeId !== undefined && !(await repo.findContractType(db, v.ContractTypeId)))
      throw fieldNotFound(caller, 'ContractTypeId', 'object_contract_type', v.ContractTypeId);
    if (v.EndDate !== null && v.EndDate < v.StartDate)
      throw fieldRefusal(caller, 'EndDate', 'contract_ends_before_start', {
        start: v.StartDate,
        end: v.EndDate,
      });
    if (v.MachineIds?.length) {
      const own = new Set(await repo.machinesOfCustomer(db, customerId, v.MachineIds));
      const stranger = v.MachineIds.find((id) => !own.has(id));
      if (stranger !== undefined)
        throw fieldRefusal(caller, 'MachineIds', 'machine_not_of_contract_customer', { id: stranger });
    }
  }

  async create(caller: Caller, input: z.output<typeof ContractCreateInput>) {
    const customer = await findCustomerRef(this.deps.db, input.CustomerId, customerScope(caller.user));
    if (!customer) throw fieldNotFound(caller, 'CustomerId', 'object_customer', input.CustomerId);
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      await this.checkFields(caller, tx, customer.id, { ...input, EndDate: input.EndDate ?? null });
      const row = await repo.insertContract(tx, {
        contractTypeId: input.ContractTypeId,
        customerId: customer.id,
        name: input.Name,
        startDate: input.StartDate,
        endDate: input.EndDate ?? null,
        intervalMonths: input.IntervalMonths ?? null,
        price: input.Price == null ? null : String(input.Price),
        notes: input.Notes ?? '',
      });
      await repo.setContractMachines(tx, row.id, [...new Set(input.MachineIds ?? [])]);
      emit(contractEvent(caller, row.id, customer.id, 'New'));
      return row.id;
    });
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof ContractChangeInput>) {
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findContract(tx, input.Id, customerScope(caller.user), true);
      if (!before) throw recordNotFound(caller, 'object_contract', input.Id);
      assertCurrent(caller, before, input.RowVersion);
      const startDate = input.StartDate ?? before.startDate;
      const endDate = input.EndDate === undefined ? before.endDate : input.EndDate;
      await this.checkFields(caller, tx, before.customerId, {
        ContractTypeId: input.ContractTypeId,
        StartDate: startDate,
        EndDate: endDate,
        MachineIds: input.MachineIds,
      });
      await repo.updateContract(tx, before.id, {
        contractTypeId: input.ContractTypeId,
        name: input.Name,
        startDate,
        endDate,
        intervalMonths: input.IntervalMonths,
        price: input.Price === undefined ? undefined : input.Price === null ? null : String(input.Price),
        notes: input.Notes,
        isActive: input.IsActive,
      });
      if (input.MachineIds) await repo.setContractMachines(tx, before.id, [...new Set(input.MachineIds)]);
      emit(contractEvent(caller, before.id, before.customerId, 'Change'));
    });
    return this.get(caller, input.Id);
  }

  async remove(caller: Caller, id: number) {
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findContract(tx, id, customerScope(caller.user), true);
      if (!before) throw recordNotFound(caller, 'object_contract', id);
      await repo.deleteContract(tx, id);
      emit(contractEvent(caller, id, before.customerId, 'Delete'));
    });
    return { Success: true, Message: serverMessage('saved', caller.lang) };
  }
}
