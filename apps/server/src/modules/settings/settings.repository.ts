import { eq } from 'drizzle-orm';
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
  for (const [name, value] of Object.entries(values)) {
    await db
      .insert(settings)
      .values({ group, name, value })
      .onConflictDoUpdate({ target: [settings.group, settings.name], set: { value, updatedAt: new Date() } });
  }
}
