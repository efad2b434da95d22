import { JOB_STATUS } from '@fieldport/contract';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { checklistFields, checklists, checklistTemplates, documents, jobs } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type TemplateRow = typeof checklistTemplates.$inferSelect;
export type ChecklistRow = typeof checklists.$inferSelect;
export type FieldRow = typeof checklistFields.$inferSelect;
export type NewFieldRow = typeof checklistFields.$inferInsert;
/** A field's answer columns: one of them holds the answer, by the field's type. */
export type AnswerValues = Pick<NewFieldRow, 'boolValue' | 'numberValue' | 'textValue' | 'documentId'>;

/** The templates by name, active ones unless `all`. */
export async function listTemplates(db: Executor, all: boolean): Promise<TemplateRow[]> {
  return db
    .select()
    .from(checklistTemplates)
    .where(all ? undefined : eq(checklistTemplates.isActive, true))
    .orderBy(asc(checklistTemplates.name), asc(checklistTemplates.id));
}

export async function findTemplate(db: Executor, id: number, lock = false): Promise<TemplateRow | undefined> {
  const q = db.select().from(checklistTemplates).where(eq(checklistTemplates.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertTemplate(db: Executor, name: string, sections: unknown): Promise<TemplateRow> {
  const [row] = await db.insert(checklistTemplates).values({ name, sections }).returning();
  return row!;
}

/** A template's new name, state and sections, compare-and-set on its row version. */
export async function updateTemplate(
  db: Executor,
  id: number,
  values: { name: string; isActive: boolean; sections: unknown },
  rowVersion: number | undefined,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(checklistTemplates)
    .set({ ...values, updatedAt: sql`now()`, rowVersion: nextVersion(checklistTemplates.rowVersion) })
    .where(versionedWhere(checklistTemplates.id, id, checklistTemplates.rowVersion, rowVersion))
    .returning();
  return row;
}

export async function insertChecklist(
  db: Executor,
  values: typeof checklists.$inferInsert,
  fields: Omit<NewFieldRow, 'checklistId'>[],
): Promise<ChecklistRow> {
  const [row] = await db.insert(checklists).values(values).returning();
  if (fields.length > 0)
    await db.insert(checklistFields).values(fields.map((f) => ({ ...f, checklistId: row!.id })));
  return row!;
}

/** One checklist with the job it is on; the job row lets the caller's scope decide. */
export async function findChecklist(db: Executor, id: number): Promise<ChecklistRow | undefined> {
  const [row] = await db.select().from(checklists).where(eq(checklists.id, id));
  return row;
}

export async function checklistsOfJob(db: Executor, jobId: number): Promise<ChecklistRow[]> {
  return db.select().from(checklists).where(eq(checklists.jobId, jobId)).orderBy(asc(checklists.id));
}

/** The fields of these checklists in order. */
export async function fieldsOf(db: Executor, checklistIds: number[]): Promise<FieldRow[]> {
  if (checklistIds.length === 0) return [];
  return db
    .select()
    .from(checklistFields)
    .where(sql`${checklistFields.checklistId} in ${checklistIds}`)
    .orderBy(asc(checklistFields.checklistId), asc(checklistFields.position));
}

/** A field with the job its checklist is on; `lock` holds the field's row for the change. */
export async function findField(
  db: Executor,
  id: number,
  lock = false,
): Promise<{ field: FieldRow; jobId: number } | undefined> {
  const q = db
    .select({ field: checklistFields, jobId: checklists.jobId })
    .from(checklistFields)
    .innerJoin(checklists, eq(checklists.id, checklistFields.checklistId))
    .where(eq(checklistFields.id, id));
  const [row] = lock ? await q.for('update', { of: checklistFields }) : await q;
  return row;
}

/** A field's answer, who gave it and when (the database's time), compare-and-set on its row version. */
export async function updateAnswer(
  db: Executor,
  id: number,
  values: AnswerValues & { answeredBy: string | null; answered: boolean },
  rowVersion: number | undefined,
): Promise<FieldRow | undefined> {
  const { answered, ...rest } = values;
  const [row] = await db
    .update(checklistFields)
    .set({
      ...rest,
      answeredAt: answered ? sql`now()` : null,
      rowVersion: nextVersion(checklistFields.rowVersion),
    })
    .where(versionedWhere(checklistFields.id, id, checklistFields.rowVersion, rowVersion))
    .returning();
  return row;
}

/** Records the follow-up job of a field, once: false when another was recorded first. */
export async function setFollowUp(db: Executor, id: number, jobId: number): Promise<boolean> {
  const rows = await db
    .update(checklistFields)
    .set({ followUpJobId: jobId, rowVersion: nextVersion(checklistFields.rowVersion) })
    .where(and(eq(checklistFields.id, id), isNull(checklistFields.followUpJobId)))
    .returning({ id: checklistFields.id });
  return rows.length === 1;
}

/** Whether a document is one of the job's (a photo answer must be). */
export async function isJobDocument(db: Executor, documentId: number, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(eq(documents.id, documentId), eq(documents.entityClass, 'Job'), eq(documents.entityId, jobId)),
    );
  return row !== undefined;
}

/** The machines of a job's machine sub-jobs that are not deleted, in their order (a follow-up job's lines). */
export async function machinesOfJob(db: Executor, jobId: number): Promise<number[]> {
  const rows = await db
    .select({ machineId: jobs.machineId })
    .from(jobs)
    .where(
      and(
        eq(jobs.parentId, jobId),
        ne(jobs.jobStatusId, JOB_STATUS.Deleted),
        sql`${jobs.machineId} is not null`,
      ),
    )
    .orderBy(asc(jobs.id));
  return rows.map((r) => r.machineId!);
}
