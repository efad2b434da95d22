import type {
  ServiceAgreementChangeInput,
  ServiceAgreementCreateInput,
  ServiceAgreementQuery,
} from '@fieldport/contract';
import { languageOf, serverMessage } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { offsetOf } from '../common/paging.ts';
import { assertCurrent } from '../common/row-version.ts';
import { machineScope } from '../common/scope.ts';
import { findCounter } from '../counters/counters.api.ts';
import { findMachine } from '../machines/machines.api.ts';
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

/** The terms an agreement will have once created or changed: what checkTerms looks at. */
interface Terms {
  startDate: string;
  endDate: string | null;
  intervalMonths: number | null;
  counterId: number | null;
  counterInterval: number | null;
  contractId: number | null;
  jobTypeId: number;
}

/**
 * Service agreements (issue 15; 002 §7.5): a machine's recurring visit, due by date, by counter or
 * both. Everyone reads those of the machines they see; the Admin creates, changes (ours) and deletes them.
 */
export class ServiceAgreementService {
  private readonly deps: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.deps = deps;
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
      repo.listAgreements(this.deps.db, f, scope, {
        limit: q.ItemsPerPage,
        offset: offsetOf(q.Page, q.ItemsPerPage),
      }),
      repo.countAgreements(this.deps.db, f, scope),
    ]);
    return { Content: rows.map((r) => presentAgreement(r, languageOf(caller.lang))), TotalCount: total };
  }

  async ofMachine(caller: Caller, machineId: number) {
    const machine = await findMachine(this.deps.db, machineId, machineScope(caller.user));
    if (!machine) throw recordNotFound(caller, 'object_machine', machineId);
    const rows = await repo.listAgreements(
      this.deps.db,
      { machineId, includeInactive: true },
      undefined,
      null,
    );
    return rows.map((r) => presentAgreement(r, languageOf(caller.lang)));
  }

  async get(caller: Caller, id: number, db: Executor = this.deps.db) {
    const [row] = await repo.listAgreements(db, { id, includeInactive: true }, machineScope(caller.user), {
      limit: 1,
      offset: 0,
    });
    if (!row) throw recordNotFound(caller, 'object_service_agreement', id);
    return presentAgreement(row, languageOf(caller.lang));
  }

  /**
   * The checks a new agreement and a changed one share, over the terms it will have: an interval (date,
   * counter or both), a period that does not end before it starts, the machine's own counter, a contract
   * of the machine's customer, a job type that exists. The first failing field is refused (400).
   */
  private async checkTerms(
    caller: Caller,
    db: Executor,
    machine: { id: number; customerId: number },
    t: Terms,
    sent: { counterId: boolean; contractId: boolean; jobTypeId: boolean },
  ) {
    if (t.intervalMonths === null && (t.counterId === null || t.counterInterval === null))
      throw fieldRefusal(caller, 'IntervalMonths', 'agreement_needs_interval');
    if (t.endDate !== null && t.endDate < t.startDate)
      throw fieldRefusal(caller, 'EndDate', 'agreement_ends_before_start', {
        start: t.startDate,
        end: t.endDate,
      });
    if (sent.counterId && t.counterId !== null) {
      const counter = await findCounter(db, t.counterId, undefined);
      if (!counter || counter.machineId !== machine.id)
        throw fieldRefusal(caller, 'CounterId', 'counter_not_of_machine', { id: t.counterId });
    }
    if (sent.contractId && t.contractId !== null) {
      const contract = await findContract(db, t.contractId, undefined);
      if (!contract || contract.customerId !== machine.customerId)
        throw fieldRefusal(caller, 'ContractId', 'contract_not_of_machine', { id: t.contractId });
    }
    if (sent.jobTypeId && !(await repo.jobTypeExists(db, t.jobTypeId)))
      throw fieldNotFound(caller, 'JobTypeId', 'object_job_type', t.jobTypeId);
  }

  /** The machine is covered by the contract its agreement is made under. */
  private async coverMachine(tx: Executor, contractId: number | null, machineId: number) {
    if (contractId === null) return;
    const covered = (await machinesOfContract(tx, contractId)).map((m) => m.id);
    if (!covered.includes(machineId)) await setContractMachines(tx, contractId, [...covered, machineId]);
  }

  async create(caller: Caller, input: z.output<typeof ServiceAgreementCreateInput>, isActive: boolean) {
    const db = this.deps.db;
    const machine = await findMachine(db, input.MachineId, machineScope(caller.user));
    if (!machine) throw fieldNotFound(caller, 'MachineId', 'object_machine', input.MachineId);
    const terms: Terms = {
      startDate: input.StartDate,
      endDate: input.EndDate ?? null,
      intervalMonths: input.IntervalMonths ?? null,
      counterId: input.CounterId ?? null,
      counterInterval: input.CounterInterval ?? null,
      contractId: input.ContractId ?? null,
      jobTypeId: input.JobTypeId ?? 1,
    };
    await this.checkTerms(caller, db, machine, terms, {
      counterId: true,
      contractId: true,
      jobTypeId: input.JobTypeId !== undefined,
    });
    const tz = (await this.deps.settings.global()).TimeZone;
    const id = await changeWithEvents(db, async (tx, emit) => {
      // The counter interval counts from the counter's total when the agreement is made.
      const state =
        terms.counterId !== null
          ? (await repo.counterStates(tx, [terms.counterId], tz)).get(terms.counterId)
          : undefined;
      const row = await repo.insertAgreement(tx, {
        machineId: machine.id,
        contractId: terms.contractId,
        name: input.Name,
        startDate: terms.startDate,
        endDate: terms.endDate,
        intervalMonths: terms.intervalMonths,
        counterId: terms.counterId,
        counterInterval: terms.counterInterval === null ? null : String(terms.counterInterval),
        lastServiceCounter: state ? String(state.total) : null,
        jobTypeId: terms.jobTypeId,
        estimatedTime: input.EstimatedTime == null ? '1' : String(input.EstimatedTime),
        isActive,
        createdBy: caller.user.id,
      });
      await this.coverMachine(tx, terms.contractId, machine.id);
      emit(agreementEvent(caller, row.id, machine.id, 'New'));
      return row.id;
    });
    return this.get(caller, id);
  }

  /**
   * PATCH ServiceAgreement/{id} (ours, decision 056): the fields sent over the ones kept, checked as a
   * new agreement is, under the row's lock and the RowVersion read. A new counter counts its interval
   * from its total now, as a new agreement's does; the visits already called for stay.
   */
  async change(caller: Caller, id: number, input: z.output<typeof ServiceAgreementChangeInput>) {
    const tz = (await this.deps.settings.global()).TimeZone;
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findAgreement(tx, id, machineScope(caller.user), true);
      if (!before) throw recordNotFound(caller, 'object_service_agreement', id);
      assertCurrent(caller, before, input.RowVersion);
      const machine = await findMachine(tx, before.machineId, undefined);
      if (!machine) throw recordNotFound(caller, 'object_service_agreement', id);
      const pick = <T>(sent: T | undefined, kept: T) => (sent === undefined ? kept : sent);
      const keptInterval = before.counterInterval === null ? null : Number(before.counterInterval);
      const terms: Terms = {
        startDate: input.StartDate ?? before.startDate,
        endDate: pick(input.EndDate, before.endDate),
        intervalMonths: pick(input.IntervalMonths, before.intervalMonths),
        counterId: pick(input.CounterId, before.counterId),
        // Without a counter there is no counter interval.
        counterInterval:
          pick(input.CounterId, before.counterId) === null ? null : pick(input.CounterInterval, keptInterval),
        contractId: pick(input.ContractId, before.contractId),
        jobTypeId: input.JobTypeId ?? before.jobTypeId,
      };
      await this.checkTerms(caller, tx, machine, terms, {
        counterId: input.CounterId !== undefined,
        contractId: input.ContractId !== undefined,
        jobTypeId: input.JobTypeId !== undefined,
      });
      const newCounter = terms.counterId !== before.counterId;
      const state =
        newCounter && terms.counterId !== null
          ? (await repo.counterStates(tx, [terms.counterId], tz)).get(terms.counterId)
          : undefined;
      await repo.updateAgreement(tx, id, {
        name: input.Name,
        startDate: terms.startDate,
        endDate: terms.endDate,
        intervalMonths: terms.intervalMonths,
        counterId: terms.counterId,
        counterInterval: terms.counterInterval === null ? null : String(terms.counterInterval),
        ...(newCounter ? { lastServiceCounter: state ? String(state.total) : null } : {}),
        contractId: terms.contractId,
        jobTypeId: terms.jobTypeId,
        estimatedTime:
          input.EstimatedTime === undefined
            ? undefined
            : input.EstimatedTime === null
              ? '1'
              : String(input.EstimatedTime),
        isActive: input.IsActive,
      });
      if (input.ContractId !== undefined) await this.coverMachine(tx, terms.contractId, machine.id);
      emit(agreementEvent(caller, id, machine.id, 'Change'));
    });
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: number) {
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findAgreement(tx, id, machineScope(caller.user), true);
      if (!before) throw recordNotFound(caller, 'object_service_agreement', id);
      await repo.deleteAgreement(tx, id);
      emit(agreementEvent(caller, id, before.machineId, 'Delete'));
    });
    return { Success: true, Message: serverMessage('saved', caller.lang) };
  }
}
