import {
  dayPlus,
  type Employment,
  sumHours,
  type TimeArticleDescription,
  type TimeReport,
  type TimeRow,
  type TimeRowAddInput,
  type TimeRowKind,
  type TimeRowUpdateInput,
  type TimeWeekApproveInput,
  toLocalDateTime,
  type Vehicle,
  weekDays,
  weekdayIndex,
  weekStartOf,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
import type { Tx } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, forbidden, recordNotFound } from '../common/errors.ts';
import { JsonText } from '../common/json-text.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { addLine, changeLine, removeLine } from '../order-lines/line-changes.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { assertHoursFit, assertWeekOpen } from '../work-days/day-rules.ts';
import { approvals, lockUser } from '../work-days/work-days.api.ts';
import { DEFAULT_WEEKLY_HOURS, isOffice, mayReportFor, mayReportOnJobs } from './time-report.policy.ts';
import { presentInternalRow, presentJobRow } from './time-report.presenter.ts';
import * as repo from './time-report.repository.ts';

type Week = { monday: string; sunday: string };
const weekOf = (day: string): Week => {
  const monday = weekStartOf(day);
  return { monday, sunday: dayPlus(monday, 6) };
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The week time report (002 §7.20 TimeReport, decision 046): rows on jobs are the jobs' time lines
 * (written through the order lines' own changes, so the job's parts tab, its history and its order
 * event follow), rows without a job are time entries; an approved week locks both.
 */
export class TimeReportService {
  private readonly db: Db;
  private readonly today: () => Promise<string>;
  constructor(deps: { db: Db; settings: SettingsService; clock: Clock }) {
    this.db = deps.db;
    // Today on the company's clock: the week a report shows when none is asked for.
    this.today = async () =>
      toLocalDateTime(deps.clock.now(), (await deps.settings.global()).TimeZone).slice(0, 10);
  }

  /** The user whose hours a call names: the caller by default; another's only for the office. */
  private async userFor(caller: Caller, userId: number | null | undefined, field?: string) {
    const id = userId ?? caller.user.id;
    if (!mayReportFor(caller.user, id)) throw forbidden('edit_not_allowed');
    const user = await repo.findUser(this.db, id);
    if (!user) {
      if (field) throw fieldNotFound(caller, field, 'object_user', id);
      throw recordNotFound(caller, 'object_user', id);
    }
    return user;
  }

  async week(
    caller: Caller,
    query: { WeekStart?: string | undefined; UserId?: number | undefined },
  ): Promise<TimeReport> {
    const { monday, sunday } = weekOf(query.WeekStart ?? (await this.today()));
    let people: { id: number; name: string }[];
    if (query.UserId !== undefined) people = [await this.userFor(caller, query.UserId)];
    else if (isOffice(caller.user)) people = await repo.reportingUsers(this.db, monday, sunday);
    else people = [await this.userFor(caller, caller.user.id)];
    const ids = people.map((p) => p.id);
    const [jobRows, internal, approved, employed] = await Promise.all([
      repo.jobRows(this.db, ids, monday, sunday),
      repo.internalRows(this.db, ids, monday, sunday),
      approvals(this.db, ids, [monday]),
      repo.employmentsOf(this.db, ids),
    ]);
    const approvedOf = new Map(approved.map((a) => [a.userId, a]));
    const rowsOf = new Map<number, TimeRow[]>();
    const push = (r: TimeRow) => rowsOf.set(r.UserId, [...(rowsOf.get(r.UserId) ?? []), r]);
    for (const r of jobRows) push(presentJobRow(r, approvedOf.has(r.userId!)));
    for (const r of internal) push(presentInternalRow(r, approvedOf.has(r.entry.userId)));
    return {
      WeekStart: monday,
      WeekEnd: sunday,
      Days: weekDays(monday),
      Users: people.map((p) => {
        const rows = (rowsOf.get(p.id) ?? []).sort(
          (a, b) => a.WorkDate.localeCompare(b.WorkDate) || a.Kind.localeCompare(b.Kind) || a.Id - b.Id,
        );
        const days = Array.from({ length: 7 }, (_, i) =>
          sumHours(rows.filter((r) => weekdayIndex(r.WorkDate) === i).map((r) => r.Hours)),
        );
        const a = approvedOf.get(p.id);
        const e = employed.find((x) => x.userId === p.id);
        return {
          UserId: p.id,
          UserName: p.name,
          WeeklyHours: e ? Number(e.weeklyHours) : DEFAULT_WEEKLY_HOURS,
          TotalHours: sumHours(days),
          DayTotals: days,
          Approved: !!a,
          ApprovedAt: iso(a?.approvedAt ?? null),
          ApprovedByName: a?.approvedByName ?? null,
          Rows: rows,
        };
      }),
    };
  }

  async addRow(caller: Caller, input: z.output<typeof TimeRowAddInput>): Promise<TimeRow> {
    const user = await this.userFor(caller, input.UserId, 'UserId');
    if (input.JobId != null && !mayReportOnJobs(caller.user)) throw forbidden();
    const row = await changeWithEvents(this.db, async (tx, emit) => {
      if (input.JobId != null) {
        const id = await addLine(
          tx,
          emit,
          caller,
          {
            jobId: input.JobId,
            articleNumber: input.ArticleNumber,
            quantity: input.Hours,
            workDate: input.WorkDate,
            userId: user.id,
            description: input.Description,
            comment: input.Comment,
          },
          'time',
        );
        announce(emit, caller, user.id, input.WorkDate, 'New', 'Job', id);
        return { kind: 'Job' as const, id };
      }
      const article = await this.timeArticle(tx, caller, input.ArticleNumber);
      await assertHoursFit(tx, caller, {
        userId: user.id,
        day: input.WorkDate,
        hours: input.Hours,
        field: 'Hours',
      });
      const id = await repo.insertEntry(tx, {
        userId: user.id,
        workDate: input.WorkDate,
        articleId: article.id,
        hours: input.Hours,
        description: input.Description ?? article.name,
        comment: input.Comment ?? '',
        createdBy: caller.user.id,
      });
      announce(emit, caller, user.id, input.WorkDate, 'New', 'Internal', id);
      return { kind: 'Internal' as const, id };
    });
    return this.row(caller, row.kind, row.id);
  }

  async updateRow(caller: Caller, input: z.output<typeof TimeRowUpdateInput>): Promise<TimeRow> {
    await changeWithEvents(this.db, async (tx, emit) => {
      if (input.Kind === 'Job') {
        const line = await this.ownJobLine(tx, caller, input.Id);
        await changeLine(
          tx,
          emit,
          caller,
          input.Id,
          {
            articleNumber: input.ArticleNumber,
            quantity: input.Hours,
            workDate: input.WorkDate,
            description: input.Description,
            comment: input.Comment,
            rowVersion: input.RowVersion,
          },
          'time',
        );
        announce(emit, caller, line.userId, input.WorkDate ?? line.workDate, 'Change', 'Job', input.Id);
        return;
      }
      const before = await this.ownEntry(tx, caller, input.Id);
      const e = before.entry;
      assertCurrent(caller, e, input.RowVersion);
      await assertWeekOpen(tx, caller, e.userId, e.workDate);
      const values: Parameters<typeof repo.updateEntry>[2] = {};
      if (
        input.ArticleNumber !== undefined &&
        input.ArticleNumber.toLowerCase() !== before.articleNumber.toLowerCase()
      ) {
        const article = await this.timeArticle(tx, caller, input.ArticleNumber);
        values.articleId = article.id;
        values.description = input.Description ?? article.name;
      }
      if (input.Description !== undefined) values.description = input.Description;
      if (input.Comment !== undefined) values.comment = input.Comment;
      if (input.WorkDate !== undefined) values.workDate = input.WorkDate;
      if (input.Hours !== undefined) values.hours = input.Hours;
      if (Object.keys(values).length === 0) return;
      const day = values.workDate ?? e.workDate;
      await assertHoursFit(tx, caller, {
        userId: e.userId,
        day,
        hours: values.hours ?? e.hours,
        field: 'Hours',
        except: { kind: 'Internal', id: e.id },
      });
      savedAt(caller, (await repo.updateEntry(tx, e.id, values, input.RowVersion))[0]);
      announce(emit, caller, e.userId, day, 'Change', 'Internal', e.id);
    });
    return this.row(caller, input.Kind, input.Id);
  }

  async deleteRow(caller: Caller, ref: { Kind: TimeRowKind; Id: number }) {
    await changeWithEvents(this.db, async (tx, emit) => {
      if (ref.Kind === 'Job') {
        const line = await this.ownJobLine(tx, caller, ref.Id);
        await removeLine(tx, emit, caller, ref.Id, 'time');
        announce(emit, caller, line.userId, line.workDate, 'Delete', 'Job', ref.Id);
        return;
      }
      const { entry } = await this.ownEntry(tx, caller, ref.Id);
      await lockUser(tx, entry.userId);
      await assertWeekOpen(tx, caller, entry.userId, entry.workDate);
      await repo.deleteEntry(tx, entry.id);
      announce(emit, caller, entry.userId, entry.workDate, 'Delete', 'Internal', entry.id);
    });
    return ref;
  }

  async approve(caller: Caller, input: z.output<typeof TimeWeekApproveInput>) {
    const user = await this.userFor(caller, input.UserId, 'UserId');
    const { monday } = weekOf(input.WeekStart);
    await changeWithEvents(this.db, async (tx, emit) => {
      await lockUser(tx, user.id);
      const changed = input.Approved
        ? await repo.approve(tx, user.id, monday, caller.user.id)
        : await repo.reopen(tx, user.id, monday);
      if (changed) announce(emit, caller, user.id, monday, 'Change', null, null);
    });
    const [a] = await approvals(this.db, [user.id], [monday]);
    return {
      UserId: user.id,
      WeekStart: monday,
      Approved: !!a,
      ApprovedAt: iso(a?.approvedAt ?? null),
      ApprovedByName: a?.approvedByName ?? null,
    };
  }

  async timeArticles(): Promise<TimeArticleDescription[]> {
    return (await repo.timeArticles(this.db)).map((a) => ({
      ArticleId: a.id,
      ArticleNumber: a.articleNumber,
      Name: a.name,
      Description: a.description,
      Unit: a.unit,
    }));
  }

  async employment(caller: Caller, userId: number | undefined): Promise<Employment> {
    const user = await this.userFor(caller, userId);
    const [e] = await repo.employmentsOf(this.db, [user.id]);
    return {
      UserId: user.id,
      UserName: user.name,
      WeeklyHours: e ? Number(e.weeklyHours) : DEFAULT_WEEKLY_HOURS,
      StartDate: e?.startDate ?? null,
    };
  }

  /** The Admin sets a user's hours per week (and start date when sent); the user's change event tells the screens. */
  async changeEmployment(
    caller: Caller,
    input: { UserId: number; WeeklyHours: number | null; StartDate?: string | null | undefined },
  ): Promise<Employment> {
    const user = await repo.findUser(this.db, input.UserId);
    if (!user) throw fieldNotFound(caller, 'UserId', 'object_user', input.UserId);
    await changeWithEvents(this.db, async (tx, emit) => {
      await repo.saveEmployment(tx, user.id, {
        weeklyHours: String(input.WeeklyHours),
        ...(input.StartDate !== undefined ? { startDate: input.StartDate } : {}),
      });
      emit({ entity: 'user', entityId: user.id, changeType: 'Change', userId: caller.user.id });
    });
    return this.employment(caller, user.id);
  }

  /** The active vans (the office's: every one, 2,000 at a large company; decision 103), or the caller's own. */
  async vehicles(caller: Caller): Promise<JsonText<Vehicle[]>> {
    const me = caller.user.id;
    return new JsonText(await repo.vansAnswer(this.db, me, isOffice(caller.user) ? undefined : me));
  }

  /** One row as the report shows it. */
  private async row(caller: Caller, kind: TimeRowKind, id: number): Promise<TimeRow> {
    if (kind === 'Internal') {
      const r = await repo.findEntry(this.db, id);
      if (!r) throw recordNotFound(caller, 'object_time_row', id);
      const approved = await approvals(this.db, [r.entry.userId], [weekStartOf(r.entry.workDate)]);
      return presentInternalRow(r, approved.length > 0);
    }
    const line = await repo.findJobLine(this.db, id);
    if (!line?.userId || !line.workDate) throw recordNotFound(caller, 'object_time_row', id);
    const [r] = (await repo.jobRows(this.db, [line.userId], line.workDate, line.workDate)).filter(
      (x) => x.id === id,
    );
    if (!r) throw recordNotFound(caller, 'object_time_row', id);
    const approved = await approvals(this.db, [line.userId], [weekStartOf(line.workDate)]);
    return presentJobRow(r, approved.length > 0);
  }

  /** A job row of the caller's (the office: anyone's); another's answers 404. */
  private async ownJobLine(tx: Tx, caller: Caller, id: number) {
    const line = await repo.findJobLine(tx, id);
    if (!line?.userId || !line.workDate || !mayReportFor(caller.user, line.userId))
      throw recordNotFound(caller, 'object_time_row', id);
    if (!mayReportOnJobs(caller.user)) throw forbidden();
    return { ...line, userId: line.userId, workDate: line.workDate };
  }

  /** An internal row of the caller's (the office: anyone's), held for the change; another's answers 404. */
  private async ownEntry(tx: Tx, caller: Caller, id: number) {
    const row = await repo.findEntry(tx, id, true);
    if (!row || !mayReportFor(caller.user, row.entry.userId))
      throw recordNotFound(caller, 'object_time_row', id);
    return row;
  }

  private async timeArticle(tx: Tx, caller: Caller, articleNumber: string) {
    const article = await repo.findArticleByNumber(tx, articleNumber);
    if (!article?.isActive)
      throw fieldRefusal(caller, 'ArticleNumber', 'article_unknown', { number: articleNumber });
    if (!article.isTimeArticle)
      throw fieldRefusal(caller, 'ArticleNumber', 'order_line_time_article', { number: articleNumber });
    return article;
  }
}

/** The report's change event: whose week changed (its screens refresh by it). */
function announce(
  emit: Emit,
  caller: Caller,
  userId: number,
  day: string,
  changeType: 'New' | 'Change' | 'Delete',
  kind: TimeRowKind | null,
  id: number | null,
) {
  emit({
    entity: 'timeReport',
    entityId: userId,
    changeType,
    userId: caller.user.id,
    payload: { UserId: userId, WeekStart: weekStartOf(day), Kind: kind, RowId: id },
  });
}
