import type { ServiceAgreementCreateInput, ServiceAgreementQuery } from '@fieldport/contract';
import { serverMessage } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { offsetOf } from '../common/paging.ts';
import { machineScope } from '../common/scope.ts';
import { findCounter } from '../counters/counters.repository.ts';
import { findMachine } from '../machines/machines.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { presentAgreement } from './agreements.presenter.ts';
import { findContract, machinesOfContract, setContractMachines } from './contracts.repository.ts';
import * as repo from './service-agreements.repository.ts';

export const agreementEvent = (
  caller: Caller,
  id: number,
  machineId: number,
  changeType: 'New' | 'Change' | 'Delete',
) => ({
  entity: 'serviceAgreement',
  entityId: id,
  changeType,
  userId: caller.user.id,
  payload: { AgreementId: id, MachineId: machineId },
});

/**
 * Service agreements (issue 15; 002 §7.5): a machine's recurring visit, due by date, by counter or
 * both. Everyone reads those of the machines they see; the Admin creates and deletes them.
 */
export class ServiceAgreementService {
  private readonly d: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.d = deps;
  }

  async list(caller: Caller, q: z.output<typeof ServiceAgreementQuery>) {
    const scope = machineScope(caller.user);
    const f = {
      machineId: q.MachineId,
      customerId: q.CustomerId,
      contractId: q.ContractId,
      search: q.SearchWord,
      includeInactive: q.IncludeInactive,
    };
    const [rows, total] = await Promise.all([
      repo.listAgreements(this.d.db, f, scope, {
        limit: q.ItemsPerPage,
        offset: offsetOf(q.Page, q.ItemsPerPage),
      }),
      repo.countAgreements(this.d.db, f, scope),
    ]);
    return { Content: rows.map(presentAgreement), TotalCount: total };
  }

  async ofMachine(caller: Caller, machineId: number) {
    const machine = await findMachine(this.d.db, machineId, machineScope(caller.user));
    if (!machine) throw recordNotFound(caller, 'object_machine', machineId);
    const rows = await repo.listAgreements(this.d.db, { machineId, includeInactive: true }, undefined, null);
    return rows.map(presentAgreement);
  }

  async get(caller: Caller, id: number, db: Executor = this.d.db) {
    const [row] = await repo.listAgreements(db, { id, includeInactive: true }, machineScope(caller.user), {
      limit: 1,
      offset: 0,
    });
    if (!row) throw recordNotFound(caller, 'object_service_agreement', id);
    return presentAgreement(row);
  }

  async create(caller: Caller, input: z.output<typeof ServiceAgreementCreateInput>, isActive: boolean) {
    const db = this.d.db;
    const machine = await findMachine(db, input.MachineId, machineScope(caller.user));
    if (!machine) throw fieldNotFound(caller, 'MachineId', 'object_machine', input.MachineId);
    const counterInterval = input.CounterInterval ?? null;
    if (input.IntervalMonths == null && (input.CounterId == null || counterInterval === null))
      throw fieldRefusal(caller, 'IntervalMonths', 'agreement_needs_interval');
    if (input.CounterId != null) {
      const counter = await findCounter(db, input.CounterId, undefined);
      if (!counter || counter.machineId !== machine.id)
        throw fieldRefusal(caller, 'CounterId', 'counter_not_of_machine', { id: input.CounterId });
    }
    if (input.ContractId != null) {
      const contract = await findContract(db, input.ContractId, undefined);
      if (!contract || contract.customerId !== machine.customerId)
        throw fieldRefusal(caller, 'ContractId', 'contract_not_of_machine', { id: input.ContractId });
    }
    if (input.JobTypeId !== undefined && !(await repo.jobTypeExists(db, input.JobTypeId)))
      throw fieldNotFound(caller, 'JobTypeId', 'object_job_type', input.JobTypeId);
    const tz = (await this.d.settings.global()).TimeZone;
    const id = await changeWithEvents(db, async (tx, emit) => {
      // The counter interval counts from the counter's total when the agreement is made.
      const state =
        input.CounterId != null
          ? (await repo.counterStates(tx, [input.CounterId], tz)).get(input.CounterId)
          : undefined;
      const row = await repo.insertAgreement(tx, {
        machineId: machine.id,
        contractId: input.ContractId ?? null,
        name: input.Name,
        startDate: input.StartDate,
        intervalMonths: input.IntervalMonths ?? null,
        counterId: input.CounterId ?? null,
        counterInterval: counterInterval === null ? null : String(counterInterval),
        lastServiceCounter: state ? String(state.total) : null,
        jobTypeId: input.JobTypeId ?? 1,
        estimatedTime: input.EstimatedTime == null ? '1' : String(input.EstimatedTime),
        isActive,
        createdBy: caller.user.id,
      });
      // The machine is covered by the contract its agreement is made under.
      if (input.ContractId != null) {
        const covered = (await machinesOfContract(tx, input.ContractId)).map((m) => m.id);
        if (!covered.includes(machine.id))
          await setContractMachines(tx, input.ContractId, [...covered, machine.id]);
      }
      emit(agreementEvent(caller, row.id, machine.id, 'New'));
      return row.id;
    });
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: number) {
    await changeWithEvents(this.d.db, async (tx, emit) => {
      const before = await repo.findAgreement(tx, id, machineScope(caller.user), true);
      if (!before) throw recordNotFound(caller, 'object_service_agreement', id);
      await repo.deleteAgreement(tx, id);
      emit(agreementEvent(caller, id, before.machineId, 'Delete'));
    });
    return { Success: true, Message: serverMessage('saved', caller.lang) };
  }
}
