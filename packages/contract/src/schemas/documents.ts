import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';
import { withoutFormattingCharacters } from '../rules/field-validation.ts';
import { QueryBool, RecordId, requiredLine } from './fields.ts';

/** The records documents can be attached to ({entityClass} of 002 §7.8), spelt as the paths write them. */
export const DOCUMENT_ENTITY_CLASSES = [
  'Machine',
  'MachineModel',
  'MachineType',
  'Supplier',
  'Customer',
  'Job',
  'Article',
] as const;
export type DocumentEntityClass = (typeof DOCUMENT_ENTITY_CLASSES)[number];

/**
 * The document type categories (DocumentTypeCategoryId, the {typeId} of the paths): what a document is
 * for. A fixed list: the documents name the id but not its values; the names are translated.
 */
export const DOCUMENT_CATEGORIES = {
  1: 'general',
  2: 'manual',
  3: 'certificate',
  4: 'drawing',
  5: 'photo',
  6: 'report',
} as const;
export type DocumentCategoryId = keyof typeof DOCUMENT_CATEGORIES;
export const DOCUMENT_CATEGORY_IDS = Object.keys(DOCUMENT_CATEGORIES).map(Number) as DocumentCategoryId[];
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategoryId = 1;

const NOT_A_CATEGORY = `Must be a document type (${DOCUMENT_CATEGORY_IDS.join(', ')}).`;

/** A document type category in a path, query or form field. */
export const DocumentCategory = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/)], { error: NOT_A_CATEGORY })
  .transform(Number)
  .refine((v) => (DOCUMENT_CATEGORY_IDS as number[]).includes(v), NOT_A_CATEGORY)
  .transform((v) => v as DocumentCategoryId);

/** {entityClass} in a path: any letter case (paths are case-insensitive), answered as spelt above. */
export const EntityClassParam = z.string().transform((v, ctx) => {
  const found = DOCUMENT_ENTITY_CLASSES.find((c) => c.toLowerCase() === v.toLowerCase());
  if (!found) {
    ctx.addIssue({ code: 'custom', message: `Must be one of ${DOCUMENT_ENTITY_CLASSES.join(', ')}.` });
    return z.NEVER;
  }
  return found;
});

/** A stored document: the file, what it is, who may see it, who put it there and where to fetch it. */
export const DocumentItem = z.object({
  Id: z.number().int(),
  EntityClass: z.enum(DOCUMENT_ENTITY_CLASSES),
  EntityId: z.number().int(),
  /** The name shown; renaming changes it, not the file's name. */
  Name: z.string(),
  /** The uploaded file's name, ending with the extension of its content. */
  FileName: z.string(),
  /** The type found in the content (never the name's). */
  ContentType: z.string(),
  /** Bytes. */
  Size: z.number().int(),
  DocumentTypeCategoryId: z.number().int(),
  PublishToCustomer: z.boolean(),
  CreatedAt: LocalDateTime,
  CreatedById: z.number().int().nullable(),
  /** The uploader's name. */
  CreatedBy: z.string(),
  /** For GET /api2/resource/?relativePath. */
  RelativePath: z.string(),
  /** The same as a path on the server: /api2/resource/?relativePath=… */
  Url: z.string(),
});
export type DocumentItem = z.infer<typeof DocumentItem>;

/**
 * An upload (multipart): one or more Files parts, the DocumentTypeId to file them under (a document type
 * category; General when not sent) and, on the entity calls, PublishToCustomer.
 */
export const DocumentUploadFields = z.object({
  Files: z.unknown().optional(),
  DocumentTypeId: DocumentCategory.optional(),
  PublishToCustomer: QueryBool.optional(),
});

export const EntityDocumentsParams = z.object({ entityClass: EntityClassParam, entityId: RecordId });
export const EntityDocumentParams = z.object({
  entityClass: EntityClassParam,
  docId: RecordId,
  typeId: DocumentCategory,
});
export const EntityDocumentDeleteParams = EntityDocumentParams.extend({ entityId: RecordId });

/** documents/Change/{id}: what is sent changes; what is left out stays. */
export const DocumentChangeQuery = z.object({
  DocumentTypeCategoryId: DocumentCategory.optional(),
  /** Shown in lists as a file's name: without control and bidirectional formatting characters. */
  Name: requiredLine(200)
    .transform(withoutFormattingCharacters)
    .refine((v) => v.trim() !== '', 'This field is required')
    .optional(),
  PublishToCustomer: QueryBool.optional(),
});

/** documents/Delete/{id}: the category, when sent, must be the document's. */
export const DocumentDeleteQuery = z.object({ DocumentTypeCategoryId: DocumentCategory.optional() });

export const DeletedDocument = z.object({ Id: z.number().int() });
