import {
  IMPORT_COLUMNS,
  IMPORT_PREVIEW_ROWS,
  type ImportFile,
  type ImportKind,
  type ImportProblem,
  toLocalDateTime,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { refusal } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import type { FileStore } from '../resources/file-store.ts';
import type { UploadedFile } from '../resources/multipart.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.ts';
import type { TaskService } from '../tasks/tasks.service.ts';
import { type ImportTable, importFileType, readImportTable } from './import-file.ts';
import { customerNumbersOf, type ImportAction, type ImportLookups, planImport } from './import-plan.ts';
import * as repo from './imports.repository.ts';

/** Import files are kept this long; each new upload removes older ones. */
const IMPORT_KEEP_DAYS = 7;

/** The outcome of an import that found problems when it ran: nothing was written. */
class ImportRefused extends Error {
  readonly problems: ImportProblem[];
  constructor(problems: ImportProblem[]) {
    super('The import file has problems; nothing was imported.');
    this.problems = problems;
  }
}

/**
 * Import (001 §2.4 Admin → import, ImportMachine): an uploaded workbook or CSV file of customers,
 * addresses, contacts or machines is checked and previewed with every row's problems; its import is a
 * task that checks it again and writes every row or none, in one transaction, matching rows to the
 * records already there by their natural key.
 */
export class ImportService {
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
    deps.queue.register('Import', (ctx) => this.run(ctx));
  }

  /** Checks an uploaded file (type and size before any row), stores it and answers its preview. */
  async preview(caller: Caller, kind: ImportKind, file: UploadedFile | null): Promise<ImportFile> {
    if (!file)
      throw refusal(400, 'import_no_file', {
        fieldErrors: [{ Field: 'File', Message: 'This field is required' }],
      });
    const type = await importFileType(file.data);
    const table = await readImportTable(file.data, type);
    const { problems, actions } = planImport(
      kind,
      table,
      await this.lookups(this.deps.db, kind, table),
      caller.lang,
    );
    await this.clean();
    const filePath = await this.deps.files.saveFile('imports', file.data, type);
    const row = await repo.insertImportFile(this.deps.db, {
      userId: caller.user.id,
      kind,
      filePath,
      fileName: file.filename || `import.${type}`,
      rowCount: table.rows.length,
      newCount: actions.filter((a) => a.op === 'create').length,
      problems,
    });
    return this.present(row, table);
  }

  async get(_caller: Caller, id: number): Promise<ImportFile> {
    const row = await this.find(id);
    const type = row.filePath.endsWith('.csv') ? 'csv' : 'xlsx';
    const table = await readImportTable(await this.deps.files.read(row.filePath), type).catch(() => null);
    return this.present(row, table);
  }

  async list(_caller: Caller): Promise<ImportFile[]> {
    const rows = await repo.recentImportFiles(this.deps.db, IMPORT_KEEP_DAYS);
    const tz = (await this.deps.settings.global()).TimeZone;
    return rows.map((r) => presentRow(r, null, tz));
  }

  /** Queues the import of a previewed file without problems; a second start is refused. */
  async start(caller: Caller, id: number) {
    const row = await this.find(id);
    if (row.problems.length > 0) throw refusal(400, 'import_has_problems');
    if (row.status !== 'previewed') throw refusal(409, 'import_already_run');
    const task = await this.deps.queue.enqueue({
      name: 'Import',
      displayText: 'task_import',
      input: { ImportId: id, Lang: caller.lang ?? null, UserId: caller.user.id },
      createdBy: caller.user.id,
      keepInNotificationBar: true,
    });
    if (!(await repo.claimImportFile(this.deps.db, id, task.id))) throw refusal(409, 'import_already_run');
    return this.deps.tasks.one(caller, task.id);
  }

  /** An empty workbook with the kind's columns (the required ones bold) to fill in. */
  async template(kind: ImportKind) {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(kind);
    sheet.columns = IMPORT_COLUMNS[kind].map((c) => ({ header: c.name, key: c.name, width: 20 }));
    IMPORT_COLUMNS[kind].forEach((c, i) => {
      sheet.getRow(1).getCell(i + 1).font = { bold: c.required };
    });
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data: Buffer.from(await book.xlsx.writeBuffer()),
      fileName: `import-${kind.toLowerCase()}.xlsx`,
    };
  }

  /** Removes import files older than a week with their stored files. */
  private async clean() {
    const old = await repo.deleteImportFilesOlderThan(this.deps.db, IMPORT_KEEP_DAYS);
    for (const f of old) await this.deps.files.remove(f.filePath);
  }

  /** The import task: reads the file again, checks it against the records of now, writes all or nothing. */
  private async run(ctx: TaskContext) {
    const input = ctx.input as { ImportId: number; Lang: string | null; UserId: number };
    const row = await this.find(input.ImportId);
    const kind = row.kind as ImportKind;
    const type = row.filePath.endsWith('.csv') ? 'csv' : 'xlsx';
    const table = await readImportTable(await this.deps.files.read(row.filePath), type);
    await ctx.progress(20);
    try {
      const report = await changeWithEvents(this.deps.db, async (tx, emit) => {
        const { problems, actions } = planImport(
          kind,
          table,
          await this.lookups(tx, kind, table),
          input.Lang ?? undefined,
        );
        if (problems.length > 0) throw new ImportRefused(problems);
        return write(tx, emit, kind, actions, input.UserId);
      });
      await repo.updateImportFile(this.deps.db, row.id, { status: 'completed', report });
    } catch (err) {
      const problems = err instanceof ImportRefused ? err.problems : row.problems;
      await repo.updateImportFile(this.deps.db, row.id, { status: 'failed', problems });
      throw err;
    }
    return { link: `/admin/import-export/import?importId=${row.id}` };
  }

  private async lookups(db: Executor, kind: ImportKind, table: ImportTable): Promise<ImportLookups> {
    const numbers = customerNumbersOf(table);
    if (kind === 'Customers')
      return { customers: new Map(), existing: await repo.existingCustomers(db, numbers) };
    const customers = await repo.customersByNumber(db, numbers);
    const ids = [...new Set([...customers.values()].map((c) => c.id))];
    const existing =
      kind === 'Machines'
        ? await repo.existingMachines(db, [
            ...new Set(table.rows.map((r) => (r.values.SerialNumber ?? '').toLowerCase()).filter(Boolean)),
          ])
        : kind === 'Addresses'
          ? await repo.existingAddresses(db, ids)
          : await repo.existingContacts(db, ids);
    return { customers, existing };
  }

  private async find(id: number) {
    const row = await repo.findImportFile(this.deps.db, id);
    if (!row) throw refusal(404, 'not_found', { values: { object: 'Import', id } });
    return row;
  }

  private async present(row: repo.ImportFileRow, table: ImportTable | null): Promise<ImportFile> {
    return presentRow(row, table, (await this.deps.settings.global()).TimeZone);
  }
}

/** Writes the planned rows in the running transaction, with their change events; answers the report. */
async function write(tx: Executor, emit: Emit, kind: ImportKind, actions: ImportAction[], userId: number) {
  const created = actions.filter((a) => a.op === 'create');
  const updated = actions.filter((a) => a.op === 'update');
  const ids = await repo.insertRecords(
    tx,
    kind,
    created.map((a) => a.values),
  );
  for (const a of updated) await repo.updateRecord(tx, kind, a.id!, a.values);
  const touched = [
    ...created.map((a, i) => ({ id: ids[i]!, values: a.values, changeType: 'New' as const })),
    ...updated.map((a) => ({ id: a.id!, values: a.values, changeType: 'Change' as const })),
  ];
  for (const t of touched) {
    if (kind === 'Customers') emit({ entity: 'customer', entityId: t.id, changeType: t.changeType, userId });
    else if (kind === 'Machines')
      emit({ entity: 'machine', entityId: t.id, changeType: t.changeType, userId });
    else
      emit({
        entity: 'customer',
        entityId: t.values.customerId as number,
        changeType: 'Change',
        userId,
        payload: { Part: kind === 'Addresses' ? 'Address' : 'Contact', Id: t.id, ChangeType: t.changeType },
      });
  }
  if (kind === 'Addresses' || kind === 'Contacts')
    await repo.fillCustomerDefaults(tx, [...new Set(created.map((a) => a.values.customerId as number))]);
  return {
    Created: created.length,
    Updated: updated.length,
    Unchanged: actions.length - created.length - updated.length,
  };
}

function presentRow(row: repo.ImportFileRow, table: ImportTable | null, tz: string): ImportFile {
  return {
    ImportId: row.id,
    Kind: row.kind as ImportKind,
    FileName: row.fileName,
    Status: row.status as ImportFile['Status'],
    RowCount: row.rowCount,
    NewCount: row.newCount,
    Columns: table?.headers.filter(Boolean) ?? [],
    Rows: (table?.rows ?? []).slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({ Row: r.row, Values: r.values })),
    Problems: row.problems,
    TaskId: row.taskId,
    Report: row.report ?? null,
    Created: toLocalDateTime(row.createdAt, tz),
  };
}
