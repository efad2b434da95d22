import type { ChecklistTemplateSection } from '@fieldport/contract';
import { checklistFields, checklists, checklistTemplates } from '../../db/schema/index.ts';
import { defaultFake, type Executor, type Fake, one } from './fake.ts';
import { createJob } from './jobs.ts';

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

/**
 * A checklist started on a job (a new one with one machine unless given) with one required yes/no field, answered no
 * when `failed` (so it may raise a follow-up job).
 */
export async function createChecklist(
  db: Executor,
  overrides: { jobId?: number; name?: string; failed?: boolean } = {},
  f: Fake = defaultFake,
): Promise<{ id: number; jobId: number; fieldId: number }> {
  const jobId = overrides.jobId ?? (await createJob(db, { machines: 1 }, f)).id;
  const template = await createChecklistTemplate(db, {}, f);
  const checklist = one(
    await db
      .insert(checklists)
      .values({ jobId, templateId: template.id, name: overrides.name ?? template.name })
      .returning(),
  );
  const field = one(
    await db
      .insert(checklistFields)
      .values({
        checklistId: checklist.id,
        position: 0,
        section: 'Safety',
        label: 'Guards in place',
        type: 'YesNo',
        required: true,
        ...(overrides.failed ? { boolValue: false, answeredAt: new Date(), answeredBy: 'Matrix' } : {}),
      })
      .returning(),
  );
  return { id: checklist.id, jobId, fieldId: field.id };
}
