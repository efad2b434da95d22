import { serverMessage, toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../common/caller.ts';
import type { FileStore } from '../resources/file-store.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './exports.repository.ts';
import type { TaskContext, TaskQueue } from './task-queue.ts';
import type { TaskService } from './tasks.service.ts';

/** Export files are kept this long; the CleanExports plan removes older ones each night. */
export const EXPORT_KEEP_DAYS = 7;
const ROWS_PER_PROGRESS = 500;

/**
 * Exports (002 §7.7, Statistics/ExportMachines): a task writes an Excel file that its owner lists,
 * downloads and deletes by the file's displayed date.
 */
export class ExportService {
  private readonly d: {
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
    this.d = deps;
    deps.queue.register('ExportMachines', (ctx) => this.writeMachines(ctx));
    deps.queue.register('CleanExports', () => this.clean());
  }

  async startMachineExport(
    caller: Caller,
    input: { CustomerId?: number | null | undefined; IncludeInactive: boolean },
  ) {
    const task = await this.d.queue.enqueue({
      name: 'ExportMachines',
      // A message key: each reader sees it in their own language (TaskService.present).
      displayText: 'task_export_machines',
      input: { ...input, UserId: caller.user.id },
      createdBy: caller.user.id,
      keepInNotificationBar: true,
    });
    return this.d.tasks.one(caller, task.id);
  }

  async list(caller: Caller) {
    const rows = await repo.exportFilesOf(this.d.db, caller.user.id);
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
      data: await this.d.files.read(row.filePath),
      fileName: row.fileName,
    };
  }

  async remove(caller: Caller, displayedDate: string) {
    const row = await this.find(caller, displayedDate);
    await repo.deleteExportFile(this.d.db, row.id);
    await this.d.files.remove(row.filePath);
    return { Success: true, Message: serverMessage('saved', caller.lang) };
  }

  private async find(caller: Caller, displayedDate: string) {
    const row = await repo.findExportFile(this.d.db, caller.user.id, displayedDate);
    if (!row) throw new AppError(404, 'file_not_found');
    return row;
  }

  /** The machines export: one row a machine with its customer, model, type, supplier and asset type. */
  private async writeMachines(ctx: TaskContext) {
    const input = ctx.input as { CustomerId?: number | null; IncludeInactive?: boolean; UserId: number };
    const rows = await repo.machinesForExport(this.d.db, {
      customerId: input.CustomerId,
      includeInactive: input.IncludeInactive,
    });
    // exceljs is heavy (ENGINEERING.md): loaded with the first export, not at boot.
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Machines');
    sheet.columns = [
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
    ];
    sheet.getRow(1).font = { bold: true };
    for (const [i, r] of rows.entries()) {
      sheet.addRow({ ...r, active: r.active ? 'Yes' : 'No' });
      if ((i + 1) % ROWS_PER_PROGRESS === 0) await ctx.progress(((i + 1) / rows.length) * 90);
    }
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const filePath = await this.d.files.saveFile('exports', data, 'xlsx');
    const tz = (await this.d.settings.global()).TimeZone;
    const displayedDate = toLocalDateTime(new Date(), tz);
    await repo.insertExportFile(this.d.db, {
      userId: input.UserId,
      taskId: ctx.task.id,
      filePath,
      fileName: `machines-${displayedDate.slice(0, 10)}.xlsx`,
      size: data.length,
      displayedDate,
    });
    return { link: `/dashboard/machine-export?displayedExportDate=${encodeURIComponent(displayedDate)}` };
  }

  /** Removes export files older than EXPORT_KEEP_DAYS. */
  private async clean() {
    const old = await repo.deleteExportFilesOlderThan(this.d.db, EXPORT_KEEP_DAYS);
    for (const f of old) await this.d.files.remove(f.filePath);
    return null;
  }
}
