import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES } from '../domain/constants.ts';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  DeletedDocument,
  DocumentChangeQuery,
  DocumentDeleteQuery,
  DocumentItem,
  DocumentUploadFields,
  EntityDocumentDeleteParams,
  EntityDocumentParams,
  EntityDocumentsParams,
} from '../schemas/documents.ts';
import { QueryBool, RecordId, RecordIdParams } from '../schemas/fields.ts';

/**
 * Documents of machines, models, types, suppliers, customers and jobs (002 §7.8). Everyone who may see
 * the record reads its documents, customer users only those published to customers; staff upload,
 * rename, publish and delete. Someone else's record or document answers 404.
 */
const readers = users(ALL_USER_TYPES);
const editors = users(STAFF, { permission: 'Document.Edit' });
const limits = `at most ${DOCUMENT_MAX_FILES} files of ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB each`;

export const documentRoutes = {
  documentsOfJob: defineRoute({
    method: 'GET',
    path: sp('documents/GetAll/Job/:id'),
    summary: 'The documents of a job, newest first; a plain list.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(DocumentItem)),
  }),
  documentsOfMachineModel: defineRoute({
    method: 'GET',
    path: sp('documents/GetAll/MachineModel/:id'),
    summary: 'The documents of a machine model, newest first; a plain list.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(DocumentItem)),
  }),
  jobDocumentsUpload: defineRoute({
    method: 'POST',
    path: sp('jobdocuments/:jobId'),
    summary: `Upload documents to a job (multipart Files, DocumentTypeId; ${limits}); toCustomer publishes them.`,
    access: editors,
    params: z.object({ jobId: RecordId }),
    query: z.object({ toCustomer: QueryBool.default(false) }),
    bodyKind: 'multipart',
    body: DocumentUploadFields.omit({ PublishToCustomer: true }),
    response: json(z.array(DocumentItem)),
  }),
  documentChange: defineRoute({
    method: 'PATCH',
    path: sp('documents/Change/:id'),
    summary: 'Rename a document, change its type or whether customers see it (the query values sent).',
    access: editors,
    params: RecordIdParams,
    query: DocumentChangeQuery,
    response: json(DocumentItem),
  }),
  documentDelete: defineRoute({
    method: 'DELETE',
    path: sp('documents/Delete/:id'),
    summary: 'Delete a document and its file.',
    access: editors,
    params: RecordIdParams,
    query: DocumentDeleteQuery,
    response: json(DeletedDocument),
  }),
  entityDocuments: defineRoute({
    method: 'GET',
    path: sp(':entityClass/:entityId/Documents'),
    summary: 'The documents of a machine, model, type, supplier, customer or job, newest first.',
    access: readers,
    params: EntityDocumentsParams,
    response: json(z.array(DocumentItem)),
  }),
  entityDocumentsUpload: defineRoute({
    method: 'POST',
    path: sp(':entityClass/:entityId/Documents'),
    summary: `Upload documents (multipart Files, DocumentTypeId, PublishToCustomer; ${limits}).`,
    access: editors,
    params: EntityDocumentsParams,
    bodyKind: 'multipart',
    body: DocumentUploadFields,
    response: json(z.array(DocumentItem)),
  }),
  entityDocumentTogglePublish: defineRoute({
    method: 'PATCH',
    path: sp(':entityClass/Documents/:docId/:typeId/TogglePublishToCustomer'),
    summary: 'Show the document to customers, or stop showing it.',
    access: editors,
    params: EntityDocumentParams,
    response: json(DocumentItem),
  }),
  entityDocumentDelete: defineRoute({
    method: 'DELETE',
    path: sp(':entityClass/:entityId/Documents/:docId/:typeId'),
    summary: 'Delete a document of the record, and its file.',
    access: editors,
    params: EntityDocumentDeleteParams,
    response: json(DeletedDocument),
  }),
} as const;
