import { and, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import { taskPlans, tasks } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type PlanRow = typeof taskPlans.$inferSelect;

export async function insertTask(db: Executor, values: NewTaskRow) {
  const [row] = await db.insert(tasks).values(values).returning();
  return row!;
}

/**
 * Claims the oldest waiting task that is due, for `leaseMs`: FOR UPDATE SKIP LOCKED, so two workers
 * (two server processes on one PostgreSQL) never take the same task.
 */
export async function claimNext(db: Executor, leaseMs: number) {
  const { rows } = await db.execute<{ id: number }>(sql`
    update ${tasks} set status = 'update', attempts = ${tasks.attempts} + 1, progress = null,
           locked_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
     where ${tasks.id} = (select id from ${tasks} where status = 'created' and run_at <= now()
                          order by run_at, id for update skip locked limit 1)
     returning ${tasks.id} as id`);
  const id = rows[0]?.id;
  return id === undefined ? null : findTask(db, Number(id));
}

export async function findTask(db: Executor, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row ?? null;
}

export async function updateTask(db: Executor, id: number, values: Partial<NewTaskRow>) {
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tasks.id, id))
    .returning();
  return row!;
}

/** Changes a task only while it has the status it was read with (a cancel racing the worker). */
export async function updateTaskIn(db: Executor, id: number, status: string, values: Partial<NewTaskRow>) {
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.status, status)))
    .returning();
  return row ?? null;
}

/** Changes a task only while it runs (status 'update'); null when it was cancelled or ended meanwhile. */
export async function updateRunningTask(db: Executor, id: number, values: Partial<NewTaskRow>) {
  const [row] = await db
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'update')))
    .returning();
  return row ?? null;
}

/** Running tasks whose lease ran out (their server stopped): they wait again. */
export async function requeueExpired(db: Executor) {
  return db
    .update(tasks)
    .set({ status: 'created', lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(tasks.status, 'update'), lte(tasks.lockedUntil, sql`now()`)))
    .returning();
}

/** Tasks of the last `hours`, and unfinished ones of any age, newest first; of one user unless null. */
export async function recentTasks(db: Executor, userId: number | null, hours: number, limit = 100) {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        userId === null ? undefined : eq(tasks.createdBy, userId),
        or(
          gte(tasks.createdAt, sql`now() - ${`${hours} hours`}::interval`),
          sql`${tasks.status} in ('created', 'update')`,
        ),
      ),
    )
    .orderBy(desc(tasks.id))
    .limit(limit);
}

export async function allPlans(db: Executor) {
  return db.select().from(taskPlans).orderBy(taskPlans.name);
}

export async function findPlan(db: Executor, name: string) {
  const [row] = await db.select().from(taskPlans).where(eq(taskPlans.name, name));
  return row ?? null;
}

export async function ensurePlan(db: Executor, plan: typeof taskPlans.$inferInsert) {
  await db.insert(taskPlans).values(plan).onConflictDoNothing();
}

export async function updatePlan(db: Executor, name: string, values: Partial<typeof taskPlans.$inferInsert>) {
  if (nothingToSet(values)) return (await db.select().from(taskPlans).where(eq(taskPlans.name, name)))[0]!;
  const [row] = await db.update(taskPlans).set(values).where(eq(taskPlans.name, name)).returning();
  return row!;
}

/** Enabled plans that are due, locked so that one server starts each run. */
export async function duePlans(db: Executor) {
  return db
    .select()
    .from(taskPlans)
    .where(and(eq(taskPlans.enabled, true), lte(taskPlans.nextRunAt, sql`now()`)))
    .for('update', { skipLocked: true });
}

/** How many tasks wait to run (the metrics' queue depth): read on the waiting tasks' own index. */
export async function waitingTaskCount(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${tasks} where ${tasks.status} = 'created'`,
  );
  return Number(rows[0]?.n ?? 0);
}
