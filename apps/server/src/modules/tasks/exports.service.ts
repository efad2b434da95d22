import { EXPORT_KINDS, serverMessage, toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { refusal } from '../common/errors.ts';
import type { FileStore } from '../resources/file-store.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type ExportSheet, writeExport } from './export-writer.ts';
import * as repo from './exports.repository.ts';
import type { TaskContext, TaskQueue } from './task-queue.ts';
import type { TaskService } from './tasks.service.ts';

/** Export files are kept this long; the CleanExports plan removes older ones each night. */
export const EXPORT_KEEP_DAYS = 7;

type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * Exports (002 §7.7, Statistics/ExportMachines): a task writes an Excel file that its owner lists,
 * downloads and deletes by the file's displayed date.
 */
export class ExportService {
  private readonly deps: {
    db: Db;
    files: FileStore;
    settings: SettingsService;
    queue: TaskQueue;
    tasks: TaskService;
  };
  constructor(deps: {
    db: Db;
    files: FileStore;
    settings: SettingsService;
    queue: TaskQueue;
    tasks: TaskService;
  }) {
    this.deps = deps;
    for (const kind of EXPORT_KINDS) deps.queue.register(`Export${kind}`, (ctx) => this.write(ctx, kind));
    deps.queue.register('CleanExports', () => this.clean());
  }

  async startMachineExport(
    caller: Caller,
    input: { CustomerId?: number | null | undefined; IncludeInactive: boolean },
  ) {
    const task = await this.deps.queue.enqueue({
      name: 'ExportMachines',
      // A message key: each reader sees it in their own language (TaskService.present).
      displayText: 'task_export_machines',
      input: { ...input, UserId: caller.user.id },
      createdBy: caller.user.id,
      keepInNotificationBar: true,
    });
    return this.deps.tasks.one(caller, task.id);
  }

  async list(caller: Caller) {
    const rows = await repo.exportFilesOf(this.deps.db, caller.user.id);
    return rows.map((r) => ({
      DisplayedExportDate: r.displayedDate,
      FileName: r.fileName,
      Size: r.size,
      TaskId: r.taskId,
    }));
  }

  async file(caller: Caller, displayedDate: string) {
    const row = await this.find(caller, displayedDate);
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: await this.deps.files.read(row.filePath),
      fileName: row.fileName,
    };
  }

  async remove(caller: Caller, displayedDate: string) {
    const row = await this.find(caller, displayedDate);
    await repo.deleteExportFile(this.deps.db, row.id);
    await this.deps.files.remove(row.filePath);
    return { Success: true, Message: serverMessage('saved', caller.lang) };
  }

  private async find(caller: Caller, displayedDate: string) {
    const row = await repo.findExportFile(this.deps.db, caller.user.id, displayedDate);
    if (!row) throw refusal(404, 'file_not_found');
    return row;
  }

  /** Starts the export of one kind (Admin → export) as a task of the caller's. */
  async startExport(caller: Caller, input: { Kind: ExportKind; IncludeInactive: boolean }) {
    if (input.Kind === 'Machines') return this.startMachineExport(caller, input);
    const task = await this.deps.queue.enqueue({
      name: `Export${input.Kind}`,
      displayText: input.Kind === 'Customers' ? 'task_export_customers' : 'task_export_jobs',
      input: { IncludeInactive: input.IncludeInactive, UserId: caller.user.id },
      createdBy: caller.user.id,
      keepInNotificationBar: true,
    });
    return this.deps.tasks.one(caller, task.id);
  }

  /** An export task's work: the sheet of its kind written as a stream, then listed as its owner's file. */
  private async write(ctx: TaskContext, kind: ExportKind) {
    const input = ctx.input as { CustomerId?: number | null; IncludeInactive?: boolean; UserId: number };
    const f = { customerId: input.CustomerId, includeInactive: input.IncludeInactive };
    const total = await repo.exportCount(this.deps.db, kind, f);
    const tz = (await this.deps.settings.global()).TimeZone;
    const spec = sheetOf(this.deps.db, kind, f, tz) as ExportSheet<{ id: number }>;
    // Written as a stream to a local file, then kept in the file store (a failed export keeps nothing).
    const { stored, result: size } = await this.deps.files.saveWritten('exports', 'xlsx', (file) =>
      writeExport(file, spec, total, (p) => ctx.progress(p)),
    );
    // The displayed date names the file in the export calls: two exports finished in one second get
    // the next free second, so that each is listed, downloaded and deleted as itself.
    let at = Date.now();
    let displayedDate = toLocalDateTime(new Date(at), tz);
    while (await repo.findExportFile(this.deps.db, input.UserId, displayedDate)) {
      at += 1000;
      displayedDate = toLocalDateTime(new Date(at), tz);
    }
    await repo.insertExportFile(this.deps.db, {
      userId: input.UserId,
      taskId: ctx.task.id,
      filePath: stored,
      fileName: `${kind.toLowerCase()}-${displayedDate.slice(0, 10)}.xlsx`,
      size,
      displayedDate,
    });
    const page = kind === 'Machines' ? '/dashboard/machine-export' : '/admin/import-export/export';
    return { link: `${page}?displayedExportDate=${encodeURIComponent(displayedDate)}` };
  }

  /** Removes export files older than EXPORT_KEEP_DAYS. */
  private async clean() {
    const old = await repo.deleteExportFilesOlderThan(this.deps.db, EXPORT_KEEP_DAYS);
    for (const f of old) await this.deps.files.remove(f.filePath);
    return null;
  }
}

const yes = (b: boolean | null) => (b ? 'Yes' : 'No');

/** The sheet of each kind of export: its columns and its batches. */
function sheetOf(
  db: Db,
  kind: ExportKind,
  f: { customerId?: number | null | undefined; includeInactive?: boolean | undefined },
  tz: string,
) {
  if (kind === 'Customers')
    return {
      sheet: 'Customers',
      columns: [
        { header: 'Id', key: 'id', width: 8 },
        { header: 'Customer number', key: 'customerNumber', width: 16 },
        { header: 'Name', key: 'name', width: 32 },
        { header: 'Organisation number', key: 'organisationNumber', width: 18 },
        { header: 'Customer group', key: 'group', width: 20 },
        { header: 'Partner', key: 'partner', width: 20 },
        { header: 'Street', key: 'street', width: 28 },
        { header: 'Zip', key: 'zip', width: 8 },
        { header: 'City', key: 'city', width: 18 },
        { header: 'Country', key: 'country', width: 8 },
        { header: 'Active', key: 'active', width: 8 },
      ],
      batch: (after, limit) => repo.customersBatch(db, after, limit, f.includeInactive ?? false),
      present: (r) => ({ ...r, active: yes(r.active) }),
    } satisfies ExportSheet<Awaited<ReturnType<typeof repo.customersBatch>>[number]>;
  if (kind === 'Machines')
    return {
      sheet: 'Machines',
      columns: [
        { header: 'Id', key: 'id', width: 8 },
        { header: 'Name', key: 'name', width: 32 },
        { header: 'Serial number', key: 'serial', width: 18 },
        { header: 'QR code', key: 'qr', width: 14 },
        { header: 'Customer number', key: 'customerNumber', width: 16 },
        { header: 'Customer', key: 'customer', width: 32 },
        { header: 'Model', key: 'model', width: 20 },
        { header: 'Machine type', key: 'type', width: 20 },
        { header: 'Supplier', key: 'supplier', width: 20 },
        { header: 'Asset type', key: 'assetType', width: 20 },
        { header: 'Installation date', key: 'installDate', width: 16 },
        { header: 'Active', key: 'active', width: 8 },
      ],
      batch: (after, limit) => repo.machinesBatch(db, f, after, limit),
      present: (r) => ({ ...r, active: yes(r.active) }),
    } satisfies ExportSheet<Awaited<ReturnType<typeof repo.machinesBatch>>[number]>;
  return {
    sheet: 'Jobs',
    columns: [
      { header: 'Id', key: 'id', width: 8 },
      { header: 'Order id', key: 'orderId', width: 12 },
      { header: 'Name', key: 'name', width: 32 },
      { header: 'Parent job', key: 'parentId', width: 10 },
      { header: 'Status', key: 'status', width: 16 },
      { header: 'Job type', key: 'type', width: 16 },
      { header: 'Customer number', key: 'customerNumber', width: 16 },
      { header: 'Customer', key: 'customer', width: 28 },
      { header: 'Machine', key: 'machine', width: 24 },
      { header: 'Serial number', key: 'serial', width: 18 },
      { header: 'Created', key: 'createdAt', width: 20 },
    ],
    batch: (after, limit) => repo.jobsBatch(db, after, limit),
    present: (r) => ({ ...r, createdAt: toLocalDateTime(r.createdAt, tz) }),
  } satisfies ExportSheet<Awaited<ReturnType<typeof repo.jobsBatch>>[number]>;
}
