import { type DocumentEntityClass, type DocumentItem, toLocalDateTime } from '@fieldport/contract';
import type { DocumentRow } from './documents.repository.ts';

/** Where GET /api2/resource/ serves a stored file. */
export const resourceUrl = (relativePath: string) =>
  `/api2/resource/?relativePath=${encodeURIComponent(relativePath)}`;

export const presentDocument = (r: DocumentRow, timeZone: string): DocumentItem => ({
  Id: r.id,
  EntityClass: r.entityClass as DocumentEntityClass,
  EntityId: r.entityId,
  Name: r.name,
  FileName: r.fileName,
  ContentType: r.contentType,
  Size: r.size,
  DocumentTypeCategoryId: r.documentTypeCategoryId,
  PublishToCustomer: r.publishToCustomer,
  CreatedAt: toLocalDateTime(r.createdAt, timeZone),
  CreatedById: r.createdById,
  CreatedBy: r.createdByName,
  RelativePath: r.storagePath,
  Url: resourceUrl(r.storagePath),
});

/** The fields a document's change-log lines compare. */
export const loggedDocumentFields = (r: DocumentRow) => ({
  Name: r.name,
  FileName: r.fileName,
  DocumentTypeCategoryId: r.documentTypeCategoryId,
  PublishToCustomer: r.publishToCustomer,
});
