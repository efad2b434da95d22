import { fitsInDay, sumHours, weekStartOf } from '@fieldport/contract';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldRefusal, translatedRefusal } from '../common/errors.ts';
import * as repo from './work-days.repository.ts';

/** 409: the week is approved; its rows stay as they are. */
export const weekApproved = (caller: Caller, week: string) =>
  translatedRefusal(caller.lang, 409, 'time_week_approved', { week });

/** Refuses a change of hours in a user's approved week (409). */
export async function assertWeekOpen(db: Executor, caller: Caller, userId: number, day: string) {
  // Weeks are approved only within 1900–9998 (the report's days); a job line's odd date has none.
  if (day < '1900-01-01' || day > '9998-12-31') return;
  const week = weekStartOf(day);
  if ((await repo.approvals(db, [userId], [week])).length > 0) throw weekApproved(caller, week);
}

/**
 * Hours a user is about to have on a day (decision 046), checked in the change's transaction: the
 * user's row is held first, so two reports of one user's hours go one after the other; an approved
 * week answers 409, more than 24 hours on the day 400 on `field`, and nothing is written.
 */
export async function assertHoursFit(
  db: Executor,
  caller: Caller,
  at: {
    userId: number;
    day: string;
    hours: string | number;
    field: string;
    except?: { kind: 'Job' | 'Internal'; id: number };
  },
) {
  await repo.lockUser(db, at.userId);
  await assertWeekOpen(db, caller, at.userId, at.day);
  const already = await repo.hoursOfDay(db, at.userId, at.day, at.except);
  if (!fitsInDay(already, at.hours))
    throw fieldRefusal(caller, at.field, 'time_day_full', {
      date: at.day,
      hours: sumHours([already, at.hours]),
    });
}
