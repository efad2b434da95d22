import {
  type AssetTypeChangeInput,
  type AssetTypeInput,
  editedNames,
  type Language,
  languageOf,
  localName,
  type MachineTypeChangeInput,
  type MachineTypeInput,
  type SupplierChangeInput,
  type SupplierInput,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { erpRefusal, recordNotFound, stillInUse } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { savedAt, staleRecord } from '../common/row-version.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './reference.repository.ts';

type Paging = { Page: number; ItemsPerPage: number; SearchWord?: string | undefined };
const pageOf = (q: Paging) => ({ page: q.Page, perPage: q.ItemsPerPage });

/** A machine type named in the reader's language, with the names the company gave it (decision 089). */
const presentType = (r: { row: repo.TypeRow; models: number }, lang: Language) => ({
  Id: r.row.id,
  Name: localName(r.row, lang),
  ModelCount: Number(r.models),
  RowVersion: r.row.rowVersion,
  Names: r.row.names,
});
const presentSupplier = (r: { row: repo.SupplierRow; models: number }) => ({
  Id: r.row.id,
  Name: r.row.name,
  Email: r.row.email,
  Phone: r.row.phone,
  IsActive: r.row.isActive,
  ModelCount: Number(r.models),
  RowVersion: r.row.rowVersion,
});
const presentAssetType = (r: repo.AssetTypeRow) => ({
  Id: r.id,
  Name: r.name,
  IsActive: r.isActive,
  RowVersion: r.rowVersion,
});

/** Machine types, suppliers (with the ERP's SupplierReadOnly flag) and asset types (with their feature). */
export class ReferenceService {
  private readonly deps: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.deps = deps;
  }

  /* machine types */
  async types(lang: Language) {
    return (await repo.listTypes(this.deps.db)).rows.map((r) => presentType(r, lang));
  }
  async typesFiltered(lang: Language, q: Paging) {
    const { rows, total } = await repo.listTypes(this.deps.db, q.SearchWord, pageOf(q));
    return { Content: rows.map((r) => presentType(r, lang)), TotalCount: total };
  }
  async type(caller: Caller, id: number) {
    const row = await this.typeRow(caller, id);
    return presentType(row, languageOf(caller.lang));
  }
  private async typeRow(caller: Caller, id: number) {
    const row = await repo.findType(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_machine_type', id);
    return row;
  }
  /** A plain `Name` is the caller's language's name and the stored name; `Names` sets each language given. */
  async createType(caller: Caller, input: z.output<typeof MachineTypeInput>) {
    const names = editedNames({}, { name: input.Name, names: input.Names, lang: languageOf(caller.lang) });
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const t = await repo.insertType(tx, input.Name, names);
      emit({
        entity: 'machineType',
        entityId: t.id,
        changeType: 'New',
        userId: caller.user.id,
      });
      return t.id;
    });
    return this.type(caller, id);
  }
  async changeType(caller: Caller, input: z.output<typeof MachineTypeChangeInput>) {
    const before = (await this.typeRow(caller, input.Id)).row;
    const names =
      input.Name === undefined && input.Names === undefined
        ? undefined
        : editedNames(before.names, { name: input.Name, names: input.Names, lang: languageOf(caller.lang) });
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      if (!(await repo.updateType(tx, input.Id, { name: input.Name, names }, input.RowVersion)))
        throw staleRecord(caller);
      emit({
        entity: 'machineType',
        entityId: input.Id,
        changeType: 'Change',
        userId: caller.user.id,
      });
    });
    return this.type(caller, input.Id);
  }

  /* suppliers */
  async suppliers() {
    return (await repo.listSuppliers(this.deps.db)).rows.map(presentSupplier);
  }
  async suppliersFiltered(q: Paging) {
    const { rows, total } = await repo.listSuppliers(this.deps.db, q.SearchWord, pageOf(q));
    return { Content: rows.map(presentSupplier), TotalCount: total };
  }
  async supplier(caller: Caller, id: number) {
    const row = await repo.findSupplier(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_supplier', id);
    return presentSupplier(row);
  }
  async createSupplier(caller: Caller, input: z.output<typeof SupplierInput>) {
    const erp = await this.deps.settings.erp();
    if (erp.SupplierReadOnly) throw erpRefusal(caller, erp.ERPFriendlyName, 'object_supplier', 'create');
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const s = await repo.insertSupplier(tx, {
        name: input.Name,
        email: input.Email,
        phone: input.Phone,
        isActive: input.IsActive,
      });
      emit({
        entity: 'supplier',
        entityId: s.id,
        changeType: 'New',
        userId: caller.user.id,
      });
      return s.id;
    });
    return this.supplier(caller, id);
  }
  async changeSupplier(caller: Caller, input: z.output<typeof SupplierChangeInput>) {
    const erp = await this.deps.settings.erp();
    await this.supplier(caller, input.Id);
    if (erp.SupplierReadOnly) throw erpRefusal(caller, erp.ERPFriendlyName, 'object_supplier', 'change');
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const values = { name: input.Name, email: input.Email, phone: input.Phone, isActive: input.IsActive };
      if (!(await repo.updateSupplier(tx, input.Id, values, input.RowVersion))) throw staleRecord(caller);
      emit({
        entity: 'supplier',
        entityId: input.Id,
        changeType: 'Change',
        userId: caller.user.id,
      });
    });
    return this.supplier(caller, input.Id);
  }

  /* asset types */
  toggleAssetTypes(caller: Caller) {
    return this.deps.settings.toggleFeature(caller, 'AssetTypesEnabled');
  }
  async assetTypes() {
    return (await repo.listAssetTypes(this.deps.db)).rows.map(presentAssetType);
  }
  async assetTypesFiltered(q: Paging) {
    const { rows, total } = await repo.listAssetTypes(this.deps.db, q.SearchWord, pageOf(q));
    return { Content: rows.map(presentAssetType), TotalCount: total };
  }
  async assetType(caller: Caller, id: number) {
    const row = await repo.findAssetType(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_asset_type', id);
    return presentAssetType(row);
  }
  async createAssetType(caller: Caller, input: z.output<typeof AssetTypeInput>) {
    const id = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const a = await repo.insertAssetType(tx, { name: input.Name, isActive: input.IsActive });
      emit({
        entity: 'assetType',
        entityId: a.id,
        changeType: 'New',
        userId: caller.user.id,
      });
      return a.id;
    });
    return this.assetType(caller, id);
  }
  async changeAssetType(caller: Caller, input: z.output<typeof AssetTypeChangeInput>) {
    await this.assetType(caller, input.Id);
    const saved = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const values = { name: input.Name, isActive: input.IsActive };
      const a = savedAt(caller, await repo.updateAssetType(tx, input.Id, values, input.RowVersion));
      emit({
        entity: 'assetType',
        entityId: input.Id,
        changeType: 'Change',
        userId: caller.user.id,
      });
      return a;
    });
    return presentAssetType(saved);
  }
  async deleteAssetType(caller: Caller, id: number) {
    const current = await this.assetType(caller, id);
    const used = await repo.assetTypeUsage(this.deps.db, id);
    if (used > 0) throw stillInUse(caller, 'object_asset_type', current.Name, used);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.deleteAssetType(tx, id);
      emit({
        entity: 'assetType',
        entityId: id,
        changeType: 'Delete',
        userId: caller.user.id,
      });
    });
    return { Id: id };
  }
}
