import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';
import { line, RecordId, RefId, RowVersion, RowVersionInput, requiredLine } from './fields.ts';

/**
 * Checklists (002 §7.4, CheckList licence): a template's sections of fields, started on a job as a
 * checklist whose fields are answered one by one (PATCH checklist/field/).
 */
export const CHECKLIST_FIELD_TYPES = ['YesNo', 'Number', 'Text', 'Choice', 'Photo'] as const;
export const ChecklistFieldType = z.enum(CHECKLIST_FIELD_TYPES);
export type ChecklistFieldType = z.infer<typeof ChecklistFieldType>;

/** The most sections, fields in a section and choices of a field a template may have. */
export const CHECKLIST_LIMITS = { sections: 30, fields: 60, choices: 20 } as const;

const limit = z.number({ error: 'Must be a valid number or decimal.' }).finite().nullable().default(null);

/** A field of a template: its label, type, whether it must be answered; a number's pass range; a choice's options. */
export const ChecklistTemplateField = z
  .object({
    Label: requiredLine(200),
    Type: ChecklistFieldType,
    Required: z.boolean().default(false),
    Min: limit,
    Max: limit,
    Unit: line(20).default(''),
    Choices: z.array(requiredLine(100)).max(CHECKLIST_LIMITS.choices).default([]),
  })
  .refine((f) => f.Min === null || f.Max === null || f.Min <= f.Max, {
    message: 'The lowest value must not be above the highest.',
    path: ['Max'],
  })
  .refine((f) => f.Type !== 'Choice' || f.Choices.length >= 2, {
    message: 'A choice needs at least two options.',
    path: ['Choices'],
  });
export type ChecklistTemplateField = z.infer<typeof ChecklistTemplateField>;

export const ChecklistTemplateSection = z.object({
  Title: requiredLine(200),
  Fields: z
    .array(ChecklistTemplateField)
    .min(1, 'A section needs at least one field.')
    .max(CHECKLIST_LIMITS.fields),
});
export type ChecklistTemplateSection = z.infer<typeof ChecklistTemplateSection>;

/** One template as the editor reads and saves it. */
export const ChecklistTemplate = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  Sections: z.array(ChecklistTemplateSection),
  Updated: LocalDateTime,
  RowVersion,
});
export type ChecklistTemplate = z.infer<typeof ChecklistTemplate>;

/** A template in the list (GET checklist/templates). */
export const ChecklistTemplateSummary = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  SectionCount: z.number().int(),
  FieldCount: z.number().int(),
});
export type ChecklistTemplateSummary = z.infer<typeof ChecklistTemplateSummary>;

export const ChecklistTemplateListQuery = z.object({
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
/** POST checklist/templates/ ?name: a new template with one empty section to fill in. */
export const ChecklistTemplateCreateQuery = z.object({ name: requiredLine(200) });
/** POST checklist/templates/{id}/: the template's name, state and sections, all at once. */
export const ChecklistTemplateSaveInput = z.object({
  Name: requiredLine(200),
  IsActive: z.boolean().default(true),
  Sections: z
    .array(ChecklistTemplateSection)
    .min(1, 'A template needs at least one section.')
    .max(CHECKLIST_LIMITS.sections),
  RowVersion: RowVersionInput,
});
export type ChecklistTemplateSaveInput = z.input<typeof ChecklistTemplateSaveInput>;

/** An answer: yes/no a boolean, a number a number, text and choice a text, a photo the id of a job document. */
export const ChecklistValue = z.union([z.boolean(), z.number(), z.string(), z.null()]);
export type ChecklistValue = z.infer<typeof ChecklistValue>;

/** A field of a started checklist with its answer. Failed: a no, or a number outside its range. */
export const ChecklistField = z.object({
  Id: z.number().int(),
  ChecklistId: z.number().int(),
  Section: z.string(),
  Label: z.string(),
  Type: ChecklistFieldType,
  Required: z.boolean(),
  Min: z.number().nullable(),
  Max: z.number().nullable(),
  Unit: z.string(),
  Choices: z.array(z.string()),
  Value: ChecklistValue,
  Failed: z.boolean(),
  AnsweredBy: z.string().nullable(),
  Answered: LocalDateTime.nullable(),
  /** The job raised from this failed field, if one was. */
  FollowUpJobId: z.number().int().nullable(),
  RowVersion,
});
export type ChecklistField = z.infer<typeof ChecklistField>;

/** A checklist in a job's list. */
export const ChecklistSummary = z.object({
  Id: z.number().int(),
  JobId: z.number().int(),
  TemplateId: z.number().int(),
  Name: z.string(),
  Created: LocalDateTime,
  CreatedBy: z.string(),
  FieldCount: z.number().int(),
  AnsweredCount: z.number().int(),
  FailedCount: z.number().int(),
  /** Every required field answered. */
  Complete: z.boolean(),
});
export type ChecklistSummary = z.infer<typeof ChecklistSummary>;

/** One checklist with its fields in the template's order. */
export const Checklist = ChecklistSummary.extend({ Fields: z.array(ChecklistField) });
export type Checklist = z.infer<typeof Checklist>;

export const ChecklistEntryQuery = z.object({ entryId: RecordId });
export const ChecklistJobQuery = z.object({ jobId: RecordId });
export const ChecklistStartQuery = z.object({ jobId: RecordId, templateId: RecordId });
export const ChecklistFieldInput = z.object({
  Id: RefId,
  Value: ChecklistValue,
  RowVersion: RowVersionInput,
});
export type ChecklistFieldInput = z.input<typeof ChecklistFieldInput>;

/** The follow-up job raised from a failed field. */
export const ChecklistFollowUp = z.object({ JobId: z.number().int(), FieldId: z.number().int() });
