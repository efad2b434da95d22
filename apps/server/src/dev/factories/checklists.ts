import type { ChecklistTemplateSection } from '@fieldport/contract';
import { checklistTemplates } from '../../db/schema/index.ts';
import { defaultFake, type Executor, type Fake, one } from './fake.ts';

export type ChecklistTemplateRow = typeof checklistTemplates.$inferSelect;

const field = (
  Label: string,
  Type: ChecklistTemplateSection['Fields'][number]['Type'],
  extra: Partial<ChecklistTemplateSection['Fields'][number]> = {},
): ChecklistTemplateSection['Fields'][number] => ({
  Label,
  Type,
  Required: true,
  Min: null,
  Max: null,
  Unit: '',
  Choices: [],
  ...extra,
});

/** A template with one field of every type: yes/no, number 6–8 bar, text, choice, photo. */
export const sampleSections = (): ChecklistTemplateSection[] => [
  {
    Title: 'Safety',
    Fields: [field('Guards in place', 'YesNo'), field('Pressure', 'Number', { Min: 6, Max: 8, Unit: 'bar' })],
  },
  {
    Title: 'Finish',
    Fields: [
      field('Remarks', 'Text', { Required: false }),
      field('Condition', 'Choice', { Choices: ['Good', 'Fair', 'Poor'] }),
      field('Photo of the nameplate', 'Photo', { Required: false }),
    ],
  },
];

/** A checklist template (active, with the sample sections unless given). */
export async function createChecklistTemplate(
  db: Executor,
  overrides: Partial<typeof checklistTemplates.$inferInsert> = {},
  f: Fake = defaultFake,
): Promise<ChecklistTemplateRow> {
  return one(
    await db
      .insert(checklistTemplates)
      .values({ name: f.unique('Service checks'), sections: sampleSections(), ...overrides })
      .returning(),
  );
}
