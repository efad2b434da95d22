import { eq, sql } from 'drizzle-orm';
import { settings } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export type SettingGroup =
  | 'licences'
  | 'features'
  | 'global'
  | 'erp'
  | 'serviceprovider'
  | 'fieldmapping'
  | 'email';

export async function readGroup(db: Executor, group: SettingGroup): Promise<Record<string, unknown>> {
  const rows = await db.select().from(settings).where(eq(settings.group, group));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export async function writeGroup(
  db: Executor,
  group: SettingGroup,
  values: Record<string, unknown>,
): Promise<void> {
  const rows = Object.entries(values).map(([name, value]) => ({ group, name, value }));
  if (rows.length === 0) return;
  // One statement for the whole group: a group of twenty keys was twenty round trips, and all or none is kept.
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({
      target: [settings.group, settings.name],
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}
