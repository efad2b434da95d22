import {
  type Checklist,
  type ChecklistField,
  type ChecklistFieldType,
  type ChecklistSummary,
  type ChecklistTemplate,
  type ChecklistTemplateSection,
  type ChecklistTemplateSummary,
  type ChecklistValue,
  isChecklistAnswerFailed,
  toLocalDateTime,
} from '@fieldport/contract';
import type { ChecklistRow, FieldRow, TemplateRow } from './checklists.repository.ts';

const sectionsOf = (row: TemplateRow) => row.sections as ChecklistTemplateSection[];

export function presentTemplate(row: TemplateRow, tz: string): ChecklistTemplate {
  return {
    Id: row.id,
    Name: row.name,
    IsActive: row.isActive,
    Sections: sectionsOf(row),
    Updated: toLocalDateTime(row.updatedAt, tz),
    RowVersion: row.rowVersion,
  };
}

export function presentTemplateSummary(row: TemplateRow): ChecklistTemplateSummary {
  const sections = sectionsOf(row);
  return {
    Id: row.id,
    Name: row.name,
    IsActive: row.isActive,
    SectionCount: sections.length,
    FieldCount: sections.reduce((n, s) => n + s.Fields.length, 0),
  };
}

/** A field's answer from the column its type keeps it in. */
export function answerOf(row: FieldRow): ChecklistValue {
  switch (row.type as ChecklistFieldType) {
    case 'YesNo':
      return row.boolValue;
    case 'Number':
      return row.numberValue;
    case 'Photo':
      return row.documentId;
    default:
      return row.textValue;
  }
}

const ruleOf = (row: FieldRow) => ({
  Type: row.type as ChecklistFieldType,
  Min: row.min,
  Max: row.max,
  Choices: row.choices as string[],
});

export const fieldFailed = (row: FieldRow) => isChecklistAnswerFailed(ruleOf(row), answerOf(row));
export { ruleOf as fieldRule };

export function presentField(row: FieldRow, tz: string): ChecklistField {
  return {
    Id: row.id,
    ChecklistId: row.checklistId,
    Section: row.section,
    Label: row.label,
    Type: row.type as ChecklistFieldType,
    Required: row.required,
    Min: row.min,
    Max: row.max,
    Unit: row.unit,
    Choices: row.choices as string[],
    Value: answerOf(row),
    Failed: fieldFailed(row),
    AnsweredBy: row.answeredBy,
    Answered: row.answeredAt ? toLocalDateTime(row.answeredAt, tz) : null,
    FollowUpJobId: row.followUpJobId,
    RowVersion: row.rowVersion,
  };
}

export function presentSummary(row: ChecklistRow, fields: FieldRow[], tz: string): ChecklistSummary {
  const answered = fields.filter((f) => answerOf(f) !== null);
  return {
    Id: row.id,
    JobId: row.jobId,
    TemplateId: row.templateId,
    Name: row.name,
    Created: toLocalDateTime(row.createdAt, tz),
    CreatedBy: row.createdByName,
    FieldCount: fields.length,
    AnsweredCount: answered.length,
    FailedCount: fields.filter(fieldFailed).length,
    Complete: fields.every((f) => !f.required || answerOf(f) !== null),
  };
}

export const presentChecklist = (row: ChecklistRow, fields: FieldRow[], tz: string): Checklist => ({
  ...presentSummary(row, fields, tz),
  Fields: fields.map((f) => presentField(f, tz)),
});
