import type { Language } from '@fieldport/contract';
import { type SQL, sql } from 'drizzle-orm';
import { jobCategories, repairPlaces, supplierFailureCodes, warrantyTypes } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** The ids of the codes a job's machine sub-jobs carry, by kind. */
export interface CodeIds {
  warranty: number[];
  place: number[];
  category: number[];
  failure: number[];
}
type CodeKind = keyof CodeIds;

/** A lookup's name in `lang`, else in English, else its stored name (decision 034's `localName` in SQL). */
const nameIn = (t: typeof warrantyTypes | typeof repairPlaces | typeof jobCategories, lang: Language): SQL =>
  sql`coalesce(nullif(${t.names}->>${lang}, ''), nullif(${t.names}->>'en', ''), ${t.name})`;

/**
 * The names of the codes named in `ids`, keyed `kind:id`, in one statement (a failure code as 'code
 * description'), the lookups' in the report's language.
 */
export async function codeNames(db: Executor, ids: CodeIds, lang: Language): Promise<Map<string, string>> {
  const list = (v: number[]) =>
    sql`${sql.join(
      [...v, 0].map((n) => sql`${n}`),
      sql`, `,
    )}`;
  const result = await db.execute(sql`
    select 'warranty' as kind, ${warrantyTypes.id} as id, ${nameIn(warrantyTypes, lang)} as name
      from ${warrantyTypes} where ${warrantyTypes.id} in (${list(ids.warranty)})
    union all
    select 'place', ${repairPlaces.id}, ${nameIn(repairPlaces, lang)}
      from ${repairPlaces} where ${repairPlaces.id} in (${list(ids.place)})
    union all
    select 'category', ${jobCategories.id}, ${nameIn(jobCategories, lang)}
      from ${jobCategories} where ${jobCategories.id} in (${list(ids.category)})
    union all
    select 'failure', ${supplierFailureCodes.id},
           trim(${supplierFailureCodes.code} || ' ' || ${supplierFailureCodes.description})
      from ${supplierFailureCodes} where ${supplierFailureCodes.id} in (${list(ids.failure)})`);
  const rows = result.rows as { kind: CodeKind; id: number; name: string }[];
  return new Map(rows.map((r) => [`${r.kind}:${Number(r.id)}`, r.name]));
}
