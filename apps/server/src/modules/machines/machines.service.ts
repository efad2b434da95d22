import type {
  MachineChangeInput,
  MachineChangeModelInput,
  MachineChangeOwnerInput,
  MachineCreateInput,
  MachineFilter,
  MachineSearchQuery,
} from '@fieldport/contract';
import { JOB_COUNT_CAP, languageOf, toLocalDateTime } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { insertChangeLog, type LoggedChange } from '../change-logs/change-logs.api.ts';
import { created, diff } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, recordNotFound, refusal } from '../common/errors.ts';
import { changeWithEvents, type Emit, type FormerOwner } from '../common/outbox.ts';
import { boundedTotal, hasWord, inOrderOf, offsetOf, withPrepended } from '../common/paging.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { customerScope, machineScope } from '../common/scope.ts';
import { refuseTwins } from '../common/unique.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { labelTokenHash, labelTokenOf, newLabelNonce } from './label-token.ts';
import { checkFields, qrcodeTaken } from './machine-checks.ts';
import { loggedMachineFields, presentMachine, presentMachineListItem } from './machines.presenter.ts';
import * as repo from './machines.repository.ts';

type CreateInput = z.output<typeof MachineCreateInput>;
type ChangeInput = z.output<typeof MachineChangeInput>;
const DAY_MS = 86_400_000;
/**
 * A list's count stops at the job list's cap (10,000 matches), read through the list's indexes; the
 * machine list has no TotalCountCapped, so a capped TotalCount is the cap (see boundedTotal).
 */
const LIST_COUNT_CAP = JOB_COUNT_CAP;

/** The contract covering a machine on a day (agreements sit above machines and answer it, decision 096). */
export type MachineContractOf = (
  machineId: number,
  day: string,
) => Promise<{
  id: number;
  contractTypeId: number;
  name: string;
  startDate: string;
  endDate: string | null;
} | null>;

export interface MachineDeps {
  db: Db;
  settings: SettingsService;
  labelSecret: string;
  contractOf: MachineContractOf;
}

/** Machines: lists, the record, its changes and owner moves, each change logged in its transaction. */
export class MachineService {
  private readonly deps: MachineDeps;
  constructor(deps: MachineDeps) {
    this.deps = deps;
  }

  async search(caller: Caller, q: z.output<typeof MachineSearchQuery>) {
    const scope = machineScope(caller.user);
    const lang = languageOf(caller.lang);
    const filter = { search: q.searchQuery, customerId: q.CustomerId, includeInactive: q.IncludeInactive };
    const page = { limit: q.limit, offset: 0 };
    if (!hasWord(filter.search))
      return (await repo.listMachines(this.deps.db, scope, filter, page)).map((r) =>
        presentMachineListItem(r, lang),
      );
    // A search: its page by relevance (decision 084), then only those machines read.
    const found = await repo.searchMachinePage(
      this.deps.db,
      scope,
      { ...filter, search: filter.search },
      page,
      {
        count: false,
      },
    );
    return (await this.byIds(scope, found.ids)).map((r) => presentMachineListItem(r, lang));
  }

  async filtered(caller: Caller, q: z.output<typeof MachineFilter>) {
    const scope = machineScope(caller.user);
    const lang = languageOf(caller.lang);
    const prependIds = q.PrependItemIdList ?? [];
    const filter = {
      search: q.SearchWord,
      customerId: q.CustomerId,
      includeInactive: q.IncludeInactive,
      machineModelId: q.MachineModelId,
      machineTypeId: q.MachineTypeId,
      supplierId: q.SupplierId,
      assetTypeId: q.AssetTypeId,
      excludeIds: prependIds,
    };
    const page = { limit: q.ItemsPerPage, offset: offsetOf(q.Page, q.ItemsPerPage) };
    // A search: its page by relevance and its count first (decision 084), then only those machines read.
    const search = filter.search;
    const found = hasWord(search)
      ? await repo.searchMachinePage(this.deps.db, scope, { ...filter, search }, page, { count: true })
      : null;
    const [rows, count, prepended] = await Promise.all([
      found ? this.byIds(scope, found.ids) : repo.listMachines(this.deps.db, scope, filter, page),
      found?.count
        ? Promise.resolve(found.count)
        : repo.countMachines(this.deps.db, scope, filter, LIST_COUNT_CAP),
      prependIds.length
        ? repo.listMachines(this.deps.db, scope, { ids: prependIds }, { limit: prependIds.length, offset: 0 })
        : Promise.resolve([]),
    ]);
    return {
      Content: withPrepended(
        q.Page,
        prepended.map((r) => presentMachineListItem(r, lang)),
        rows.map((r) => presentMachineListItem(r, lang)),
        prependIds,
      ),
      TotalCount: boundedTotal(page, rows.length, count) + prepended.length,
    };
  }

  /** The machines of these ids that the scope lets see, in the ids' order. */
  private async byIds(scope: ReturnType<typeof machineScope>, ids: number[]) {
    const rows = await repo.listMachines(
      this.deps.db,
      scope,
      { ids },
      { limit: Math.max(1, ids.length), offset: 0 },
    );
    return inOrderOf(ids, rows, (r) => r.machine.id);
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findMachineDetail(this.deps.db, id, machineScope(caller.user));
    if (!row) throw recordNotFound(caller, 'object_machine', id);
    return presentMachine(row, languageOf(caller.lang));
  }

  private async visible(caller: Caller, id: number, db: Executor = this.deps.db, lock = false) {
    const m = await repo.findMachine(db, id, machineScope(caller.user), lock);
    if (!m) throw recordNotFound(caller, 'object_machine', id);
    return m;
  }

  async create(caller: Caller, input: CreateInput) {
    const customer = await repo.findCustomerRef(this.deps.db, input.CustomerId, customerScope(caller.user));
    if (!customer) throw fieldNotFound(caller, 'CustomerId', 'object_customer', input.CustomerId);
    const deliveryAddressId =
      input.DeliveryAddressId === undefined ? customer.defaultDeliveryAddressId : input.DeliveryAddressId;
    const qrcode = input.Qrcode || null;
    const write = () =>
      changeWithEvents(this.deps.db, async (tx, emit) => {
        await checkFields(caller, tx, customer.id, {
          ...input,
          DeliveryAddressId: deliveryAddressId,
          Qrcode: qrcode,
        });
        const m = await repo.insertMachine(tx, {
          name: input.Name,
          serialNumber: input.SerialNumber,
          qrcode,
          customerId: customer.id,
          deliveryAddressId,
          machineModelId: input.MachineModelId ?? null,
          assetTypeId: input.AssetTypeId ?? null,
          partnerCompanyId: customer.partnerCompanyId,
          installDate: input.InstallDate ?? null,
          labelReportsExcluded: input.LabelReportsExcluded ?? false,
        });
        await this.log(tx, emit, caller, m, 'New', created(loggedMachineFields(m)));
        return m.id;
      });
    const id = await refuseTwins(write, (_index, err) =>
      qrcodeTaken(this.deps.db, caller, [{ qrcode }], err),
    );
    return this.get(caller, id);
  }

  async change(caller: Caller, input: ChangeInput) {
    await this.visible(caller, input.Id);
    await refuseTwins(
      () => changeWithEvents(this.deps.db, (tx, emit) => this.applyChange(tx, emit, caller, input)),
      (_index, err) => qrcodeTaken(this.deps.db, caller, [{ id: input.Id, qrcode: input.Qrcode }], err),
    );
    return this.get(caller, input.Id);
  }

  /** Several partial changes in one transaction: one refusal and none is saved. */
  async bulk(caller: Caller, inputs: ChangeInput[]) {
    for (const input of inputs) await this.visible(caller, input.Id);
    await refuseTwins(
      () =>
        changeWithEvents(this.deps.db, async (tx, emit) => {
          for (const input of inputs) await this.applyChange(tx, emit, caller, input);
        }),
      (_index, err) =>
        qrcodeTaken(
          this.deps.db,
          caller,
          inputs.map((i) => ({ id: i.Id, qrcode: i.Qrcode })),
          err,
        ),
    );
    return Promise.all(inputs.map((i) => this.get(caller, i.Id)));
  }

  private async applyChange(tx: Executor, emit: Emit, caller: Caller, input: ChangeInput) {
    const before = await this.visible(caller, input.Id, tx, true);
    assertCurrent(caller, before, input.RowVersion);
    // "New label link" (decision 087): a new nonce, the hash of its token, and the hash of the label
    // printed before migration 0040 dropped; every earlier label answers 404 from now on.
    const labelNonce = input.NewLabelLink ? newLabelNonce() : undefined;
    const values = {
      name: input.Name,
      serialNumber: input.SerialNumber,
      qrcode: input.Qrcode === undefined ? undefined : input.Qrcode || null,
      deliveryAddressId: input.DeliveryAddressId,
      machineModelId: input.MachineModelId,
      assetTypeId: input.AssetTypeId,
      installDate: input.InstallDate,
      isActive: input.IsActive,
      labelReportsExcluded: input.LabelReportsExcluded,
      ...(labelNonce
        ? {
            labelNonce,
            labelTokenHash: labelTokenHash(labelTokenOf(this.deps.labelSecret, before.id, labelNonce)),
            labelLegacyHash: null,
          }
        : {}),
    };
    await checkFields(
      caller,
      tx,
      before.customerId,
      {
        Qrcode: values.qrcode,
        DeliveryAddressId: input.DeliveryAddressId,
        MachineModelId: input.MachineModelId,
        AssetTypeId: input.AssetTypeId,
      },
      before.id,
    );
    const changes = diff(loggedMachineFields(before), {
      Name: values.name,
      SerialNumber: values.serialNumber,
      Qrcode: values.qrcode,
      DeliveryAddressId: values.deliveryAddressId,
      MachineModelId: values.machineModelId,
      AssetTypeId: values.assetTypeId,
      InstallDate: values.installDate,
      IsActive: values.isActive,
      LabelReportsExcluded: values.labelReportsExcluded,
    });
    // The token is a secret: the log says only that the label's link was replaced.
    if (labelNonce) changes.push({ Field: 'LabelLink', OldValue: null, NewValue: 'new' });
    if (changes.length === 0) return;
    const saved = savedAt(caller, await repo.updateMachine(tx, before.id, values, input.RowVersion));
    await this.log(tx, emit, caller, saved, 'Change', changes);
  }

  /** Moves a machine to another customer, to the given or that customer's default delivery address. */
  async changeOwner(caller: Caller, id: number, input: z.output<typeof MachineChangeOwnerInput>) {
    await this.visible(caller, id);
    const target = await repo.findCustomerRef(this.deps.db, input.CustomerId, customerScope(caller.user));
    if (!target) throw fieldNotFound(caller, 'CustomerId', 'object_customer', input.CustomerId);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await this.visible(caller, id, tx, true);
      const addressId = input.DeliveryAddressId ?? target.defaultDeliveryAddressId;
      if (input.DeliveryAddressId && !(await repo.addressBelongsTo(tx, input.DeliveryAddressId, target.id)))
        throw fieldNotFound(caller, 'DeliveryAddressId', 'object_address', input.DeliveryAddressId);
      await this.moveTo(tx, emit, caller, before, target, addressId);
    });
    return this.get(caller, id);
  }

  /** Moves every machine of one customer to another: the customer merge (001 §5). */
  async changeOwnerAll(caller: Caller, fromId: number, toId: number) {
    const scope = customerScope(caller.user);
    if (!(await repo.findCustomerRef(this.deps.db, fromId, scope)))
      throw recordNotFound(caller, 'object_customer', fromId);
    const target = await repo.findCustomerRef(this.deps.db, toId, scope);
    if (!target) throw recordNotFound(caller, 'object_customer', toId);
    if (fromId === toId) throw fieldRefusal(caller, 'toId', 'same_customer');
    const count = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const list = await repo.machinesOfCustomer(tx, fromId, machineScope(caller.user));
      for (const m of list) await this.moveTo(tx, emit, caller, m, target, target.defaultDeliveryAddressId);
      return list.length;
    });
    return { Count: count };
  }

  private async moveTo(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    before: repo.MachineRow,
    target: { id: number; name: string; partnerCompanyId: number | null },
    addressId: number | null,
  ) {
    const values = {
      customerId: target.id,
      deliveryAddressId: addressId,
      partnerCompanyId: target.partnerCompanyId,
    };
    const changes = diff(loggedMachineFields(before), {
      CustomerId: values.customerId,
      DeliveryAddressId: values.deliveryAddressId,
      PartnerCompanyId: values.partnerCompanyId,
    });
    if (changes.length === 0) return;
    const saved = (await repo.updateMachine(tx, before.id, values))!;
    // The customer (and partner) that had it are told it is gone from their open screens.
    await this.log(tx, emit, caller, saved, 'ChangeOwner', changes, {
      customerId: before.customerId,
      partnerCompanyId: before.partnerCompanyId,
    });
  }

  /** The machine model change (002 §3): the model must be one of the given supplier's. */
  async changeModelInfo(caller: Caller, id: number, input: z.output<typeof MachineChangeModelInput>) {
    await this.visible(caller, id);
    const model = await repo.findModelRef(this.deps.db, input.ModelId);
    if (!model) throw fieldNotFound(caller, 'ModelId', 'object_machine_model', input.ModelId);
    if (input.SupplierId && model.supplierId !== input.SupplierId)
      throw fieldRefusal(caller, 'SupplierId', 'model_not_of_supplier', { model: model.name });
    if (input.AssetTypeId && !(await repo.assetTypeExists(this.deps.db, input.AssetTypeId)))
      throw fieldNotFound(caller, 'AssetTypeId', 'object_asset_type', input.AssetTypeId);
    await changeWithEvents(this.deps.db, (tx, emit) =>
      this.applyChange(tx, emit, caller, {
        Id: id,
        MachineModelId: model.id,
        ...(input.AssetTypeId !== undefined ? { AssetTypeId: input.AssetTypeId } : {}),
      }),
    );
    return this.get(caller, id);
  }

  async performance(caller: Caller, id: number) {
    await this.visible(caller, id);
    const s = await repo.jobStats(this.deps.db, id);
    const tz = (await this.deps.settings.global()).TimeZone;
    const first = s.first ? new Date(s.first) : null;
    const last = s.last ? new Date(s.last) : null;
    const total = Number(s.total);
    return {
      MachineId: id,
      JobCount: total,
      OpenJobCount: Number(s.open),
      CompletedJobCount: Number(s.completed),
      FirstJobDate: first ? toLocalDateTime(first, tz) : null,
      LastJobDate: last ? toLocalDateTime(last, tz) : null,
      AverageDaysBetweenJobs:
        first && last && total > 1
          ? Math.round(((last.getTime() - first.getTime()) / DAY_MS / (total - 1)) * 10) / 10
          : null,
    };
  }

  /** The contract covering the machine today (002 §7.14); none: 404 'no machine contract' (002 §8). */
  async contract(caller: Caller, id: number) {
    await this.visible(caller, id);
    const tz = (await this.deps.settings.global()).TimeZone;
    const row = await this.deps.contractOf(id, toLocalDateTime(new Date(), tz).slice(0, 10));
    if (!row) throw refusal(404, 'no_machine_contract');
    return {
      Id: row.id,
      ContractTypeId: row.contractTypeId,
      Name: row.name,
      StartDate: row.startDate,
      EndDate: row.endDate,
    };
  }

  async activeState(caller: Caller, id: number) {
    const m = await this.visible(caller, id);
    return { Id: m.id, IsActive: m.isActive };
  }

  async toggleActive(caller: Caller, id: number) {
    return changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await this.visible(caller, id, tx, true);
      const saved = (await repo.updateMachine(tx, id, { isActive: !before.isActive }))!;
      await this.log(
        tx,
        emit,
        caller,
        saved,
        'Change',
        diff(loggedMachineFields(before), { IsActive: saved.isActive }),
      );
      return { Id: saved.id, IsActive: saved.isActive };
    });
  }

  private async log(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    m: repo.MachineRow,
    action: 'New' | 'Change' | 'ChangeOwner',
    changes: LoggedChange[],
    formerOwner?: FormerOwner,
  ) {
    await insertChangeLog(tx, {
      entity: 'Machine',
      entityId: m.id,
      action,
      customerId: m.customerId,
      machineId: m.id,
      description: m.name,
      changes,
      user: caller.user,
    });
    emit({
      entity: 'machine',
      entityId: m.id,
      changeType: action === 'New' ? 'New' : 'Change',
      userId: caller.user.id,
      ...(formerOwner ? { formerOwner } : {}),
    });
  }
}
