import type {
  CounterChangeInput,
  CounterCreateInput,
  CounterDeleteQuery,
  CounterFilter,
  CounterHistoryQuery,
  CounterReadingInput,
} from '@fieldport/contract';
import { serverMessage, toLocalDateTime } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import type { DomainEvents } from '../common/domain-events.ts';
import { fieldNotFound, fieldRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { offsetOf } from '../common/paging.ts';
import { assertCurrent } from '../common/row-version.ts';
import { machineScope } from '../common/scope.ts';
import { findMachine } from '../machines/machines.api.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { readingRefusal } from './counters.policy.ts';
import { presentCounter, presentReading } from './counters.presenter.ts';
import * as repo from './counters.repository.ts';

const counterEvent = (
  caller: Caller,
  id: number,
  machineId: number,
  changeType: 'New' | 'Change' | 'Delete',
) => ({
  entity: 'counter',
  entityId: id,
  changeType,
  userId: caller.user.id,
  payload: { CounterId: id, MachineId: machineId },
});

/** How far ahead of the server's clock a reading's time may be and still count as taken now. */
const READING_CLOCK_SKEW_MS = 10 * 60_000;
/**
 * Counters (issue 15; 002 §7.5): a machine's meters and their readings. Everyone reads the counters of
 * the machines they see; the staff add them and their readings. A reading may not be in the future,
 * nor lower than the one before it unless it is a meter change; each change raises the counter event
 * (002 §7.22) in its transaction.
 */
export class CounterService {
  // events: the agreements counting by a counter tell their due day again (decision 096).
  private readonly deps: { db: Db; settings: SettingsService; clock: Clock; events: DomainEvents };
  constructor(deps: { db: Db; settings: SettingsService; clock: Clock; events: DomainEvents }) {
    this.deps = deps;
  }

  private timeZone = async () => (await this.deps.settings.global()).TimeZone;

  async filtered(caller: Caller, q: z.output<typeof CounterFilter>) {
    const scope = machineScope(caller.user);
    const f = {
      machineId: q.MachineId,
      customerId: q.CustomerId,
      counterType: q.CounterType,
      search: q.SearchWord,
      includeInactive: q.IncludeInactive,
    };
    const page = { limit: q.ItemsPerPage, offset: offsetOf(q.Page, q.ItemsPerPage) };
    const tz = await this.timeZone();
    const [rows, total] = await Promise.all([
      repo.listCounters(this.deps.db, f, scope, page, tz),
      repo.countCounters(this.deps.db, f, scope),
    ]);
    return { Content: rows.map(presentCounter), TotalCount: total };
  }

  async get(caller: Caller, id: number, db: Executor = this.deps.db) {
    const [row] = await repo.listCounters(
      db,
      { id, includeInactive: true },
      machineScope(caller.user),
      { limit: 1, offset: 0 },
      await this.timeZone(),
    );
    if (!row) throw recordNotFound(caller, 'object_counter', id);
    return presentCounter(row);
  }

  private async visibleMachine(caller: Caller, id: number, db: Executor = this.deps.db) {
    const m = await findMachine(db, id, machineScope(caller.user));
    if (!m) throw recordNotFound(caller, 'object_machine', id);
    return m;
  }

  async ofMachine(caller: Caller, machineId: number) {
    await this.visibleMachine(caller, machineId);
    const rows = await repo.listCounters(
      this.deps.db,
      { machineId, includeInactive: true },
      undefined,
      { limit: 100, offset: 0 },
      await this.timeZone(),
    );
    return rows.map(presentCounter);
  }

  async history(caller: Caller, machineId: number, q: z.output<typeof CounterHistoryQuery>) {
    await this.visibleMachine(caller, machineId);
    const { rows, total } = await repo.readingsPage(
      this.deps.db,
      machineId,
      q.CounterId,
      { limit: q.ItemsPerPage, offset: offsetOf(q.Page, q.ItemsPerPage) },
      await this.timeZone(),
    );
    return { Content: rows.map(presentReading), TotalCount: total };
  }

  /**
   * The reading's local time: now when not given. A phone's clock may run a little ahead of the
   * server's (a reading taken offline carries the phone's time, decision 099): up to
   * READING_CLOCK_SKEW_MS ahead is taken as now; further ahead is refused as in the future.
   */
  private async readingTime(caller: Caller, given: string | undefined) {
    const tz = await this.timeZone();
    const at = this.deps.clock.now();
    const now = toLocalDateTime(at, tz);
    if (given === undefined || given <= now) return { local: given ?? now, tz };
    if (given > toLocalDateTime(new Date(at.getTime() + READING_CLOCK_SKEW_MS), tz))
      throw fieldRefusal(caller, 'ReadingDate', 'reading_in_future', { date: given });
    return { local: now, tz };
  }

  async create(caller: Caller, input: z.output<typeof CounterCreateInput>) {
    const machine = await findMachine(this.deps.db, input.MachineId, machineScope(caller.user));
    if (!machine) throw fieldNotFound(caller, 'MachineId', 'object_machine', input.MachineId);
    const time = input.Value == null ? null : await this.readingTime(caller, input.ReadingDate);
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const row = await repo.insertCounter(tx, {
        machineId: machine.id,
        counterType: input.CounterType,
        name: input.Name ?? '',
      });
      if (time && input.Value != null)
        await repo.insertReading(tx, {
          counterId: row.id,
          value: input.Value,
          local: time.local,
          timeZone: time.tz,
          isMeterChange: false,
          userId: caller.user.id,
        });
      emit(counterEvent(caller, row.id, machine.id, 'New'));
      return row.id;
    });
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof CounterChangeInput>) {
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findCounter(tx, input.Id, machineScope(caller.user), true);
      if (!before) throw recordNotFound(caller, 'object_counter', input.Id);
      assertCurrent(caller, before, input.RowVersion);
      await repo.updateCounter(tx, before.id, {
        counterType: input.CounterType,
        name: input.Name,
        isActive: input.IsActive,
      });
      emit(counterEvent(caller, before.id, before.machineId, 'Change'));
    });
    return this.get(caller, input.Id);
  }

  async putReading(caller: Caller, input: z.output<typeof CounterReadingInput>) {
    const time = await this.readingTime(caller, input.ReadingDate);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      // The counter's row is locked: two readings of one counter are checked one after the other.
      const counter = await repo.findCounter(tx, input.CounterId, machineScope(caller.user), true);
      if (!counter) throw fieldNotFound(caller, 'CounterId', 'object_counter', input.CounterId);
      const { before, after } = await repo.neighbours(tx, counter.id, time.local, time.tz);
      const refusal = readingRefusal(input.Value!, input.IsMeterChange, before, after);
      if (refusal) throw fieldRefusal(caller, 'Value', refusal.key, { value: input.Value!, ...refusal });
      await repo.insertReading(tx, {
        counterId: counter.id,
        value: input.Value!,
        local: time.local,
        timeZone: time.tz,
        isMeterChange: input.IsMeterChange,
        userId: caller.user.id,
      });
      await repo.updateCounter(tx, counter.id, {});
      await this.deps.events.raise(tx, emit, 'counterReadingsChanged', { counterId: counter.id });
      emit(counterEvent(caller, counter.id, counter.machineId, 'Change'));
    });
    return this.get(caller, input.CounterId);
  }

  async remove(caller: Caller, q: z.output<typeof CounterDeleteQuery>) {
    await changeWithEvents(this.deps.db, async (tx, emit: Emit) => {
      const counter = await repo.findCounter(tx, q.counterId, machineScope(caller.user), true);
      if (!counter || counter.machineId !== q.machineId)
        throw recordNotFound(caller, 'object_counter', q.counterId);
      if (q.readingId !== undefined) {
        if (!(await repo.deleteReading(tx, counter.id, q.readingId)))
          throw recordNotFound(caller, 'object_counter_reading', q.readingId);
        await repo.updateCounter(tx, counter.id, {});
        await this.deps.events.raise(tx, emit, 'counterReadingsChanged', { counterId: counter.id });
        emit(counterEvent(caller, counter.id, counter.machineId, 'Change'));
      } else {
        await this.deps.events.raise(tx, emit, 'counterRemoving', { counterId: counter.id });
        await repo.deleteCounter(tx, counter.id);
        emit(counterEvent(caller, counter.id, counter.machineId, 'Delete'));
      }
    });
    return { Success: true, Message: serverMessage('saved', caller.lang) };
  }
}
