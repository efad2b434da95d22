import { sumHours } from '@fieldport/contract';
import { and, asc, between, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  articles,
  employments,
  orderLines,
  timeEntries,
  timeWeekApprovals,
  users,
} from '../db/schema/index.ts';
import { addDays, type Executor, mondayOf, wallClock } from './factories/index.ts';

/** A work day's hours in the demo: 7.5, now and then 8 (a longer day). */
const DAY_HOURS = [7.5, 7.5, 8, 7.5, 7.5, 7.5, 8] as const;

/**
 * A month of time reported by every technician and subcontractor (issue 15, decision 046): each work
 * day of the four weeks before this one and of this week up to yesterday holds the hours on jobs the
 * demo's orders already booked that day, and travel and workshop hours up to a full day. The weeks that
 * ended more than a week ago are approved by the office. Each fifth technician works 30 hours a week,
 * the others 37.5. Deterministic: by position, no chance; needs the time articles TRAVEL and LABOUR.
 */
export async function seedDemoTime(db: Executor, opts: { now: Date; approvedBy: number }): Promise<void> {
  const [travel] = await db.select().from(articles).where(eq(articles.articleNumber, 'TRAVEL'));
  const work = (await db.select().from(articles).where(eq(articles.articleNumber, 'LABOUR')))[0];
  if (!travel || !work) return;
  const technicians = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.userTypeId, [2, 3]), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  if (technicians.length === 0) return;
  const today = wallClock(opts.now).date;
  const thisMonday = mondayOf(opts.now);
  const first = addDays(thisMonday, -28);
  const ids = technicians.map((t) => t.id);
  const onJobs = await db
    .select({
      userId: orderLines.userId,
      day: orderLines.workDate,
      hours: sql<string>`sum(${orderLines.quantity})`,
    })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.isTime, true),
        inArray(orderLines.userId, ids),
        isNotNull(orderLines.workDate),
        between(orderLines.workDate, first, today),
      ),
    )
    .groupBy(orderLines.userId, orderLines.workDate);
  const booked = new Map(onJobs.map((r) => [`${r.userId}:${r.day}`, Number(r.hours)]));

  const rows: (typeof timeEntries.$inferInsert)[] = [];
  technicians.forEach((tech, ti) => {
    for (let d = 0; ; d++) {
      const day = addDays(first, d);
      if (day >= today) break;
      if (d % 7 >= 5) continue; // Saturday and Sunday
      const full = DAY_HOURS[(ti + d) % DAY_HOURS.length]! * (ti % 5 === 4 ? 0.8 : 1);
      const left = sumHours([full, -(booked.get(`${tech.id}:${day}`) ?? 0)]);
      if (left <= 0) continue;
      const trip = Math.min(left, (ti + d) % 3 === 0 ? 1 : 0.5);
      rows.push({
        userId: tech.id,
        workDate: day,
        articleId: travel.id,
        hours: String(trip),
        description: travel.name,
        createdBy: tech.id,
      });
      const rest = sumHours([left, -trip]);
      if (rest > 0)
        rows.push({
          userId: tech.id,
          workDate: day,
          articleId: work.id,
          hours: String(rest),
          description:
            (ti + d) % 4 === 0 ? 'Workshop: servicing loan machines' : 'Workshop and internal work',
          createdBy: tech.id,
        });
    }
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(timeEntries).values(rows.slice(i, i + 500));
  await db
    .insert(employments)
    .values(technicians.map((t, ti) => ({ userId: t.id, weeklyHours: ti % 5 === 4 ? '30' : '37.5' })))
    .onConflictDoNothing();
  // The weeks that ended more than a week ago are approved.
  const approved = [addDays(thisMonday, -28), addDays(thisMonday, -21)];
  await db
    .insert(timeWeekApprovals)
    .values(
      ids.flatMap((userId) =>
        approved.map((weekStart) => ({ userId, weekStart, approvedBy: opts.approvedBy })),
      ),
    )
    .onConflictDoNothing();
}
