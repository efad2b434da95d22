import type { MachineModel, MachineModelChangeInput, MachineModelInput } from '@fieldport/contract';
import { type Language, languageOf, localName, toLocalDateTime } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldNotFound, recordNotFound } from '../common/errors.ts';
import { localRef } from '../common/named-ref.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { savedAt } from '../common/row-version.ts';
import type { FileStore } from '../resources/file-store.ts';
import type { UploadedFile } from '../resources/multipart.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './machine-models.repository.ts';

const ref = (r: { id: number | null; name: string | null } | null) =>
  r && r.id !== null && r.name !== null ? { Id: r.id, Name: r.name } : null;

export const presentModel = (r: repo.ModelDetailRow, lang: Language): MachineModel => ({
  Id: r.model.id,
  Name: r.model.name,
  MachineTypeId: r.model.machineTypeId,
  MachineType: localRef(r.type, lang),
  SupplierId: r.model.supplierId,
  Supplier: ref(r.supplier),
  AssetTypeId: r.model.assetTypeId,
  AssetType: ref(r.assetType),
  ImagePath: r.model.imagePath,
  IsActive: r.model.isActive,
  MachineCount: Number(r.machineCount),
  RowVersion: r.model.rowVersion,
});

type RefInput = { MachineTypeId?: number | null; SupplierId?: number | null; AssetTypeId?: number | null };

/** Machine models with their image, active state and the jobs done on their machines. */
export class MachineModelService {
  private readonly deps: { db: Db; files: FileStore; settings: SettingsService };
  constructor(deps: { db: Db; files: FileStore; settings: SettingsService }) {
    this.deps = deps;
  }

  async search(lang: Language, searchQuery: string | undefined) {
    const rows = await repo.listModels(
      this.deps.db,
      { word: searchQuery, includeInactive: false },
      { page: 1, perPage: 100 },
    );
    return rows.map((r) => presentModel(r, lang));
  }

  async list(lang: Language) {
    return (await repo.listModels(this.deps.db, {})).map((r) => presentModel(r, lang));
  }

  async filtered(
    lang: Language,
    q: {
      Page: number;
      ItemsPerPage: number;
      SearchWord?: string | undefined;
      MachineTypeId?: number | undefined;
      SupplierId?: number | undefined;
      IncludeInactive: boolean;
    },
  ) {
    const f = {
      word: q.SearchWord,
      machineTypeId: q.MachineTypeId,
      supplierId: q.SupplierId,
      includeInactive: q.IncludeInactive,
    };
    const [rows, total] = await Promise.all([
      repo.listModels(this.deps.db, f, { page: q.Page, perPage: q.ItemsPerPage }),
      repo.countModels(this.deps.db, f),
    ]);
    return { Content: rows.map((r) => presentModel(r, lang)), TotalCount: total };
  }

  async get(caller: Caller, id: number) {
    const row = await repo.findModel(this.deps.db, id);
    if (!row) throw recordNotFound(caller, 'object_machine_model', id);
    return presentModel(row, languageOf(caller.lang));
  }

  async activeState(caller: Caller, id: number) {
    const m = await this.get(caller, id);
    return { Id: m.Id, IsActive: m.IsActive };
  }

  async toggleActive(caller: Caller, id: number) {
    return changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = await repo.findModelRow(tx, id, true);
      if (!before) throw recordNotFound(caller, 'object_machine_model', id);
      const saved = (await repo.updateModel(tx, id, { isActive: !before.isActive }))!;
      emit({
        entity: 'machineModel',
        entityId: id,
        changeType: 'Change',
        userId: caller.user.id,
      });
      return { Id: saved.id, IsActive: saved.isActive };
    });
  }

  async jobs(caller: Caller, id: number, page: number, perPage: number) {
    await this.get(caller, id);
    const { rows, total } = await repo.modelJobs(this.deps.db, id, page, perPage);
    const tz = (await this.deps.settings.global()).TimeZone;
    const lang = languageOf(caller.lang);
    return {
      Content: rows.map((r) => ({
        Id: r.job.id,
        ParentId: r.job.parentId,
        DisplayName: r.job.displayName,
        JobStatusId: r.job.jobStatusId,
        StatusName: localName(r.status, lang),
        JobTypeId: r.job.jobTypeId,
        JobTypeName: localName(r.type, lang),
        MachineId: r.job.machineId!,
        MachineName: r.machineName,
        CreatedDate: toLocalDateTime(r.job.createdAt, tz),
      })),
      TotalCount: total,
    };
  }

  async jobTypes(caller: Caller, id: number) {
    await this.get(caller, id);
    const lang = languageOf(caller.lang);
    return (await repo.modelJobTypes(this.deps.db, id)).map((r) => ({
      Id: r.id,
      Name: localName(r, lang),
      Count: Number(r.n),
    }));
  }

  async failureCodeUsage(caller: Caller, id: number) {
    await this.get(caller, id);
    return (await repo.modelFailureCodes(this.deps.db, id)).map((r) => ({
      SupplierFailureCodeId: r.code!,
      Count: Number(r.n),
    }));
  }

  async create(caller: Caller, input: z.output<typeof MachineModelInput>, image: UploadedFile | null) {
    await this.checkRefs(caller, this.deps.db, input);
    const imagePath = image
      ? await this.deps.files.saveImage('machine-models', image.data, 'ImageFile', caller.lang)
      : null;
    let id: number;
    try {
      id = await changeWithEvents(this.deps.db, async (tx, emit) => {
        const m = await repo.insertModel(tx, {
          name: input.Name,
          machineTypeId: input.MachineTypeId ?? null,
          supplierId: input.SupplierId ?? null,
          assetTypeId: input.AssetTypeId ?? null,
          isActive: input.IsActive,
          imagePath,
        });
        emit({
          entity: 'machineModel',
          entityId: m.id,
          changeType: 'New',
          userId: caller.user.id,
        });
        return m.id;
      });
    } catch (err) {
      await this.deps.files.remove(imagePath);
      throw err;
    }
    return this.get(caller, id);
  }

  async change(caller: Caller, input: z.output<typeof MachineModelChangeInput>, image: UploadedFile | null) {
    const current = await repo.findModelRow(this.deps.db, input.Id);
    if (!current) throw recordNotFound(caller, 'object_machine_model', input.Id);
    await this.checkRefs(caller, this.deps.db, input);
    const imagePath = image
      ? await this.deps.files.saveImage('machine-models', image.data, 'ImageFile', caller.lang)
      : null;
    const nextImage = imagePath ?? (input.RemoveImage ? null : current.imagePath);
    try {
      await changeWithEvents(this.deps.db, async (tx, emit) => {
        const values = {
          name: input.Name,
          machineTypeId: input.MachineTypeId,
          supplierId: input.SupplierId,
          assetTypeId: input.AssetTypeId,
          isActive: input.IsActive,
          imagePath: nextImage,
        };
        savedAt(caller, await repo.updateModel(tx, input.Id, values, input.RowVersion));
        emit({
          entity: 'machineModel',
          entityId: input.Id,
          changeType: 'Change',
          userId: caller.user.id,
        });
      });
    } catch (err) {
      await this.deps.files.remove(imagePath);
      throw err;
    }
    if (current.imagePath && current.imagePath !== nextImage) await this.deps.files.remove(current.imagePath);
    return this.get(caller, input.Id);
  }

  private async checkRefs(caller: Caller, db: Executor, input: RefInput) {
    if (input.MachineTypeId && !(await repo.refExists(db, 'type', input.MachineTypeId)))
      throw fieldNotFound(caller, 'MachineTypeId', 'object_machine_type', input.MachineTypeId);
    if (input.SupplierId && !(await repo.refExists(db, 'supplier', input.SupplierId)))
      throw fieldNotFound(caller, 'SupplierId', 'object_supplier', input.SupplierId);
    if (input.AssetTypeId && !(await repo.refExists(db, 'asset', input.AssetTypeId)))
      throw fieldNotFound(caller, 'AssetTypeId', 'object_asset_type', input.AssetTypeId);
  }
}
