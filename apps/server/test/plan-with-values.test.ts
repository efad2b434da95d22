import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, PLAN_WITH_VALUES, planOnce } from '../src/db/database.ts';
import { planWithValues } from '../src/modules/common/db.ts';
import { engines, openTestDatabase } from './harness.ts';

/**
 * A statement marked planWithValues runs unnamed (planned with its values every time, decision 044);
 * any other parameterised statement still runs as a named prepared statement of its connection.
 */
describe('planOnce', () => {
  /** A client that keeps the configs it is sent. */
  const recording = () => {
    const sent: pg.QueryConfig[] = [];
    const client = { query: (config: pg.QueryConfig) => sent.push(config) } as unknown as pg.PoolClient;
    planOnce(client);
    return { client, sent };
  };

  it('names an unmarked statement after its text and leaves a marked one unnamed, even one drizzle named', () => {
    const { client, sent } = recording();
    client.query({ text: 'select $1::int' }, [1]);
    client.query({ text: 'select $1::int' }, [2]);
    client.query({ text: `select $1::int where ${PLAN_WITH_VALUES} true` }, [3]);
    client.query({ text: `select $1::int where ${PLAN_WITH_VALUES} true`, name: 'planner_window_rows' }, [4]);
    expect(sent[0]!.name).toMatch(/^q_[0-9a-f]{24}$/);
    expect(sent[1]!.name).toBe(sent[0]!.name);
    expect(sent[2]).not.toHaveProperty('name');
    expect(sent[3]).not.toHaveProperty('name');
    expect(sent[3]!.text).toContain(PLAN_WITH_VALUES);
  });
});

describe.each(engines.filter((e) => e === 'postgres'))('plan with values on %s', (engine) => {
  it('prepares an unmarked statement on its connection and never a marked one', async () => {
    const database: Database = await openTestDatabase(engine);
    try {
      const { db } = database;
      // One connection of the pool (a transaction holds it), so its prepared statements can be listed.
      const prepared = await db.transaction(async (tx) => {
        for (let i = 0; i < 7; i++) {
          await tx.execute(sql`select ${i}::int as unmarked_statement`);
          await tx.execute(sql`select ${i}::int as marked_statement where ${planWithValues(sql`${i} >= 0`)}`);
        }
        const { rows } = await tx.execute<{ statement: string }>(
          sql`select statement from pg_prepared_statements`,
        );
        return rows.map((r) => r.statement);
      });
      expect(prepared.some((s) => s.includes('unmarked_statement'))).toBe(true);
      expect(prepared.some((s) => s.includes('marked_statement') && !s.includes('unmarked'))).toBe(false);
    } finally {
      await database.close();
    }
  });
});
