import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_MAX_BYTES,
  type DocumentEntityClass,
  IMAGE_MAX_PIXELS,
  serverMessage,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import { insertChangeLog, type LoggedChange } from '../change-logs/change-logs.api.ts';
import { created, diff } from '../change-logs/diff.ts';
import { type Caller, userIdOf } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { recordNotFound, refusal, translatedRefusal, writtenRefusal } from '../common/errors.ts';
import { type ChangeType, changeWithEvents, type Emit } from '../common/outbox.ts';
import type { FileStore } from '../resources/file-store.ts';
import { ImageRefused, isReencoded, reencodeImage } from '../resources/image-content.ts';
import type { UploadedFile } from '../resources/multipart.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { cleanFileName, type DocumentContent, displayNameOf, documentContentOf } from './document-content.ts';
import { documentsPolicy } from './documents.policy.ts';
import { loggedDocumentFields, presentDocument } from './documents.presenter.ts';
import * as repo from './documents.repository.ts';
import { type DocumentUpload, tooLarge } from './upload.ts';

/** The folder of the upload store documents are kept in; GET resource/ checks access below it. */
export const DOCUMENTS_FOLDER = 'documents';

/** A file checked by content and ready to store: its bytes (re-encoded if an image) and names. */
export interface CheckedFile {
  data: Buffer;
  content: DocumentContent;
  original: string;
  fileName: string;
}

type Changes = {
  name?: string | undefined;
  documentTypeCategoryId?: number | undefined;
  publishToCustomer?: boolean | undefined;
};

/**
 * Documents of machines, models, types, suppliers, customers and jobs (002 §7.8). The caller sees a
 * document when they may see its record, and customer users only when it is published to customers;
 * anything else is not found. Files are checked by content before any is stored, and every change is
 * logged and announced in its own transaction.
 */
export class DocumentService {
  private readonly deps: { db: Db; files: FileStore; settings: SettingsService };
  constructor(deps: { db: Db; files: FileStore; settings: SettingsService }) {
    this.deps = deps;
  }

  async list(caller: Caller, entityClass: DocumentEntityClass, entityId: number) {
    await this.entity(caller, entityClass, entityId);
    return this.present(
      await repo.listDocuments(
        this.deps.db,
        entityClass,
        entityId,
        documentsPolicy.seesPublishedOnly(caller.user, entityClass),
      ),
    );
  }

  /** Checks every file, stores them all, then records them in one transaction; a refusal stores nothing. */
  async upload(
    caller: Caller,
    entityClass: DocumentEntityClass,
    entityId: number,
    upload: DocumentUpload,
    publishToCustomer: boolean,
  ) {
    const entity = await this.entity(caller, entityClass, entityId);
    const checked = await this.checkFiles(caller, upload.files);
    const stored = await this.saveFiles(entityClass, checked);
    try {
      const rows = await changeWithEvents(this.deps.db, (tx, emit) =>
        this.recordFiles(tx, emit, caller, { entityClass, entityId, entity }, checked, stored, {
          category: upload.fields.DocumentTypeId ?? DEFAULT_DOCUMENT_CATEGORY,
          publishToCustomer,
        }),
      );
      return this.present(rows);
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
  }

  /**
   * Each file checked by its content (never its name) and size, images re-encoded (decision 025);
   * the first refusal throws and nothing is stored. The label form's photos come through here too.
   */
  async checkFiles(caller: Caller, files: UploadedFile[]): Promise<CheckedFile[]> {
    const checked: CheckedFile[] = [];
    for (const f of files) {
      if (f.data.length > DOCUMENT_MAX_BYTES) throw tooLarge(caller.lang, f.filename);
      const content = await documentContentOf(f.data, f.filename);
      if (!content) throw this.wrongType(caller, f.filename);
      checked.push({
        data: await this.reencoded(caller, f, content),
        content,
        original: f.filename,
        fileName: cleanFileName(f.filename, content),
      });
    }
    return checked;
  }

  /** Checked files put in the file store, before the transaction that records them; their paths. */
  async saveFiles(entityClass: DocumentEntityClass, checked: CheckedFile[]): Promise<string[]> {
    const stored: string[] = [];
    try {
      for (const c of checked)
        stored.push(
          await this.deps.files.saveFile(
            `${DOCUMENTS_FOLDER}/${entityClass.toLowerCase()}`,
            c.data,
            c.content.ext,
          ),
        );
      return stored;
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
  }

  /** Stored files of a change that did not happen, removed. */
  async discard(paths: string[]) {
    for (const path of paths) await this.deps.files.remove(path);
  }

  /**
   * Saved files recorded as documents of a record, logged and announced, in the caller's transaction.
   * Whether the caller may add them is the caller's to have checked.
   */
  async recordFiles(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    record: { entityClass: DocumentEntityClass; entityId: number; entity: repo.EntityRef },
    checked: CheckedFile[],
    stored: string[],
    opts: { category: number; publishToCustomer: boolean },
  ) {
    if (checked.length === 0) return [];
    const rows = await repo.insertDocuments(
      tx,
      checked.map((c, i) => ({
        entityClass: record.entityClass,
        entityId: record.entityId,
        name: displayNameOf(c.original),
        fileName: c.fileName,
        contentType: c.content.contentType,
        size: c.data.length,
        documentTypeCategoryId: opts.category,
        publishToCustomer: opts.publishToCustomer,
        storagePath: stored[i]!,
        createdById: userIdOf(caller.user),
        createdByName: caller.user.name,
      })),
    );
    for (const row of rows)
      await this.log(tx, emit, caller, row, record.entity, 'New', created(loggedDocumentFields(row)));
    return rows;
  }

  /** documents/Change/{id}: the name, type and publication sent; the rest stays. */
  async change(
    caller: Caller,
    id: number,
    q: {
      Name?: string | undefined;
      DocumentTypeCategoryId?: number | undefined;
      PublishToCustomer?: boolean | undefined;
    },
  ) {
    await this.visible(caller, id);
    return this.apply(caller, id, () => ({
      name: q.Name,
      documentTypeCategoryId: q.DocumentTypeCategoryId,
      publishToCustomer: q.PublishToCustomer,
    }));
  }

  async togglePublish(caller: Caller, entityClass: DocumentEntityClass, docId: number, typeId: number) {
    const { doc } = await this.visible(caller, docId);
    if (doc.entityClass !== entityClass) throw recordNotFound(caller, 'object_document', docId);
    this.checkType(caller, doc, typeId);
    return this.apply(caller, docId, (row) => ({ publishToCustomer: !row.publishToCustomer }));
  }

  /** Deletes a document, then its file; `typeId`, `entityClass` and `entityId` when given must be its. */
  async remove(
    caller: Caller,
    id: number,
    expect: { typeId?: number | undefined; entityClass?: DocumentEntityClass; entityId?: number } = {},
  ) {
    const { doc } = await this.visible(caller, id);
    if (
      (expect.entityClass && doc.entityClass !== expect.entityClass) ||
      (expect.entityId && doc.entityId !== expect.entityId)
    )
      throw recordNotFound(caller, 'object_document', id);
    if (expect.typeId !== undefined) this.checkType(caller, doc, expect.typeId);
    const path = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const { doc: row, entity } = await this.visible(caller, id, tx, true);
      await repo.deleteDocument(tx, id);
      await this.log(tx, emit, caller, row, entity, 'Delete', []);
      return row.storagePath;
    });
    await this.deps.files.remove(path);
    return { Id: id };
  }

  /** A stored document's file for GET resource/, when the caller may see the document. */
  async file(caller: Caller, storagePath: string) {
    const doc = await repo.findDocumentByPath(this.deps.db, storagePath);
    if (!doc || !(await this.canSee(caller, doc, this.deps.db))) throw refusal(404, 'file_not_found');
    return {
      contentType: doc.contentType,
      data: await this.deps.files.read(storagePath),
      fileName: doc.fileName,
    };
  }

  private async apply(caller: Caller, id: number, next: (row: repo.DocumentRow) => Changes) {
    const row = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const { doc: before, entity } = await this.visible(caller, id, tx, true);
      const values = next(before);
      const changes = diff(loggedDocumentFields(before), {
        Name: values.name,
        DocumentTypeCategoryId: values.documentTypeCategoryId,
        PublishToCustomer: values.publishToCustomer,
      });
      if (changes.length === 0) return before;
      const saved = await repo.updateDocument(tx, id, values);
      await this.log(tx, emit, caller, saved, entity, 'Change', changes);
      return saved;
    });
    return (await this.present([row]))[0]!;
  }

  private async entity(caller: Caller, entityClass: DocumentEntityClass, id: number) {
    const found = await repo.findEntity(this.deps.db, entityClass, id, caller.user);
    if (!found) throw recordNotFound(caller, OBJECT_OF[entityClass], id);
    return found;
  }

  private async canSee(caller: Caller, doc: repo.DocumentRow, db: Executor) {
    if (!documentsPolicy.maySee(caller.user, doc)) return false;
    const cls = doc.entityClass as DocumentEntityClass;
    return (await repo.findEntity(db, cls, doc.entityId, caller.user)) !== null;
  }

  /** The document and its record when the caller may see both; 404 otherwise. */
  private async visible(caller: Caller, id: number, db: Executor = this.deps.db, lock = false) {
    const doc = await repo.findDocument(db, id, lock);
    if (!doc || !documentsPolicy.maySee(caller.user, doc))
      throw recordNotFound(caller, 'object_document', id);
    const cls = doc.entityClass as DocumentEntityClass;
    const entity = await repo.findEntity(db, cls, doc.entityId, caller.user);
    if (!entity) throw recordNotFound(caller, 'object_document', id);
    return { doc, entity };
  }

  private checkType(caller: Caller, doc: repo.DocumentRow, typeId: number) {
    if (doc.documentTypeCategoryId !== typeId)
      throw translatedRefusal(caller.lang, 404, 'document_type_mismatch', { id: doc.id, typeId });
  }

  /** An image's bytes re-encoded (decision 025: no metadata, at most IMAGE_MAX_PIXELS); other files as sent. */
  private async reencoded(caller: Caller, f: { filename: string; data: Buffer }, content: DocumentContent) {
    if (!isReencoded(content.contentType)) return f.data;
    try {
      return await reencodeImage(f.data, content.contentType);
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      const name = f.filename || 'Files';
      const message =
        err.reason === 'too_many_pixels'
          ? serverMessage('document_image_too_many_pixels', caller.lang, {
              name,
              mp: IMAGE_MAX_PIXELS / 1_000_000,
            })
          : serverMessage('document_image_unreadable', caller.lang, { name });
      throw writtenRefusal(400, message, 'Files');
    }
  }

  private wrongType(caller: Caller, name: string) {
    return translatedRefusal(caller.lang, 400, 'document_type', { name: name || 'Files' }, 'Files');
  }

  private async present(rows: repo.DocumentRow[]) {
    const tz = (await this.deps.settings.global()).TimeZone;
    return rows.map((r) => presentDocument(r, tz));
  }

  /** A change-log line for documents of machines and customers, and the live event for every document. */
  private async log(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    row: repo.DocumentRow,
    entity: repo.EntityRef,
    action: ChangeType,
    changes: LoggedChange[],
  ) {
    if (row.entityClass === 'Machine' || row.entityClass === 'Customer')
      await insertChangeLog(tx, {
        entity: row.entityClass === 'Machine' ? 'MachineDocument' : 'CustomerDocument',
        entityId: row.id,
        action,
        customerId: entity.customerId,
        machineId: entity.machineId,
        description: row.name,
        changes,
        user: caller.user,
      });
    emit({
      entity: 'document',
      entityId: row.id,
      changeType: action,
      userId: caller.user.id,
      payload: { EntityClass: row.entityClass, RecordId: row.entityId },
    });
  }
}

const OBJECT_OF = {
  Machine: 'object_machine',
  MachineModel: 'object_machine_model',
  MachineType: 'object_machine_type',
  Supplier: 'object_supplier',
  Customer: 'object_customer',
  Job: 'object_job',
  Article: 'object_article',
} as const satisfies Record<DocumentEntityClass, string>;
