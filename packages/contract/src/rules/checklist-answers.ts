import type { ChecklistFieldType, ChecklistValue } from '../schemas/checklists.ts';
import { isStorableText } from './field-validation.ts';

/** What a checklist field's answer is checked against. */
export interface ChecklistFieldRule {
  Type: ChecklistFieldType;
  Min: number | null;
  Max: number | null;
  Choices: readonly string[];
}

/** The longest text answer. */
export const CHECKLIST_TEXT_MAX = 2000;

/** Why an answer does not fit its field (a key of the server's messages), or null when it fits. Null clears a field. */
export function checklistAnswerProblem(
  field: ChecklistFieldRule,
  value: ChecklistValue,
):
  | 'checklist_value_yes_no'
  | 'checklist_value_number'
  | 'checklist_value_text'
  | 'checklist_value_choice'
  | 'checklist_value_photo'
  | null {
  if (value === null) return null;
  switch (field.Type) {
    case 'YesNo':
      return typeof value === 'boolean' ? null : 'checklist_value_yes_no';
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e12
        ? null
        : 'checklist_value_number';
    case 'Text':
      return typeof value === 'string' && value.length <= CHECKLIST_TEXT_MAX && isStorableText(value)
        ? null
        : 'checklist_value_text';
    case 'Choice':
      return typeof value === 'string' && field.Choices.includes(value) ? null : 'checklist_value_choice';
    case 'Photo':
      return typeof value === 'number' && Number.isInteger(value) && value > 0
        ? null
        : 'checklist_value_photo';
  }
}

/** A failed answer: a no, or a number outside the field's range. An unanswered field has not failed. */
export function isChecklistAnswerFailed(field: ChecklistFieldRule, value: ChecklistValue): boolean {
  if (field.Type === 'YesNo') return value === false;
  if (field.Type === 'Number' && typeof value === 'number')
    return (field.Min !== null && value < field.Min) || (field.Max !== null && value > field.Max);
  return false;
}
