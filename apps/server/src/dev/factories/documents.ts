import { randomUUID } from 'node:crypto';
import { documents } from '../../db/schema/index.ts';
import { defaultFake, type Executor, type Fake, one, pick } from './fake.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** What a service company keeps on its machines and customers, with the category each is filed under. */
const DOCUMENT_NAMES = [
  { name: 'Operating manual', categoryId: 2 },
  { name: 'Service manual', categoryId: 2 },
  { name: 'Pressure vessel certificate', categoryId: 3 },
  { name: 'CE declaration of conformity', categoryId: 3 },
  { name: 'Wiring diagram', categoryId: 4 },
  { name: 'Spare parts drawing', categoryId: 4 },
  { name: 'Service report', categoryId: 6 },
  { name: 'Installation checklist', categoryId: 1 },
] as const;

/**
 * A document row of a record (a machine unless given). The row only: its file at `storagePath` is the
 * caller's to write when the test reads it back (uploads through the API write both).
 */
export async function createDocument(
  db: Executor,
  overrides: Partial<NewDocument> & Pick<NewDocument, 'entityId'>,
  f: Fake = defaultFake,
): Promise<DocumentRow> {
  const entry = pick(f, DOCUMENT_NAMES);
  const entityClass = overrides.entityClass ?? 'Machine';
  const name = f.unique(entry.name, ' ');
  return one(
    await db
      .insert(documents)
      .values({
        entityClass,
        name,
        fileName: `${name}.pdf`,
        contentType: 'application/pdf',
        size: f.faker.number.int({ min: 20_000, max: 4_000_000 }),
        documentTypeCategoryId: entry.categoryId,
        storagePath: `documents/${entityClass.toLowerCase()}/${randomUUID()}.pdf`,
        ...overrides,
      })
      .returning(),
  );
}
