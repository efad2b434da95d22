// Secondary indexes are dropped before the COPY and built again after it: building an index once over
// 2.5 million rows (the trigram GIN index above all) is several times faster than keeping ten of them
// up to date row by row. Primary keys stay (other tables' foreign keys hang on them).
import pg from 'pg';

export interface IndexDef {
  name: string;
  def: string;
}

/** Drops the indexes of `tables` that back no constraint, answering their definitions. */
export async function dropSecondaryIndexes(client: pg.ClientBase, tables: string[]): Promise<IndexDef[]> {
  const { rows } = await client.query<IndexDef>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index ${pg.escapeIdentifier(r.name)}`);
  return rows;
}

/** Builds the indexes again on `parallel` connections (each builds one at a time). */
export async function createIndexes(url: string, defs: IndexDef[], parallel = 2): Promise<void> {
  const queue = [...defs];
  const worker = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query("set maintenance_work_mem = '512MB'");
      for (let d = queue.shift(); d; d = queue.shift()) await c.query(d.def);
    } finally {
      await c.end();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
