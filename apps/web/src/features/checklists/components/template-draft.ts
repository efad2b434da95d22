import {
  CHECKLIST_FIELD_TYPES,
  type ChecklistFieldType,
  type ChecklistTemplateSaveInput,
  type ChecklistTemplateSection,
  parseDecimal,
} from '@fieldport/contract';

/** A field as the editor holds it: limits and options as typed. */
export interface DraftField {
  key: string;
  Label: string;
  Type: ChecklistFieldType;
  Required: boolean;
  Min: string;
  Max: string;
  Unit: string;
  Choices: string;
}
export interface DraftSection {
  key: string;
  Title: string;
  Fields: DraftField[];
}
export interface Draft {
  Name: string;
  IsActive: boolean;
  Sections: DraftSection[];
}

export const FIELD_TYPES = CHECKLIST_FIELD_TYPES;

let keys = 0;
const nextKey = () => `k${++keys}`;

export const newField = (): DraftField => ({
  key: nextKey(),
  Label: '',
  Type: 'YesNo',
  Required: true,
  Min: '',
  Max: '',
  Unit: '',
  Choices: '',
});
export const newSection = (): DraftSection => ({ key: nextKey(), Title: '', Fields: [newField()] });

/** The editor's draft of a saved template. */
export function draftOf(t: { Name: string; IsActive: boolean; Sections: ChecklistTemplateSection[] }): Draft {
  return {
    Name: t.Name,
    IsActive: t.IsActive,
    Sections: t.Sections.map((s) => ({
      key: nextKey(),
      Title: s.Title,
      Fields: s.Fields.map((f) => ({
        key: nextKey(),
        Label: f.Label,
        Type: f.Type,
        Required: f.Required,
        Min: f.Min === null ? '' : String(f.Min),
        Max: f.Max === null ? '' : String(f.Max),
        Unit: f.Unit,
        Choices: f.Choices.join(', '),
      })),
    })),
  };
}

const limit = (v: string) => (v.trim() === '' ? null : parseDecimal(v));

/** What the save sends: limits for numbers only, options for choices only; the server checks the rest. */
export function bodyOf(d: Draft, rowVersion: number): ChecklistTemplateSaveInput {
  return {
    Name: d.Name,
    IsActive: d.IsActive,
    RowVersion: rowVersion,
    Sections: d.Sections.map((s) => ({
      Title: s.Title,
      Fields: s.Fields.map((f) => ({
        Label: f.Label,
        Type: f.Type,
        Required: f.Required,
        Min: f.Type === 'Number' ? limit(f.Min) : null,
        Max: f.Type === 'Number' ? limit(f.Max) : null,
        Unit: f.Type === 'Number' ? f.Unit : '',
        Choices:
          f.Type === 'Choice'
            ? f.Choices.split(',')
                .map((c) => c.trim())
                .filter((c) => c !== '')
            : [],
      })),
    })),
  };
}

/** The list with the item at `i` moved by `by` (−1 up, +1 down); unchanged at the ends. */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
