import type { NextOrdersQuery } from '@fieldport/contract';
import { JobCreateInput, languageOf, serverMessage, toLocalDateTime } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AuthUser, Caller } from '../common/caller.ts';
import { AppError, fieldRefusal, recordNotFound, refusal } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { boundedTotal, offsetOf } from '../common/paging.ts';
import { assertCurrent } from '../common/row-version.ts';
import type { JobRecordService } from '../jobs/job-record.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.ts';
import type { TaskService } from '../tasks/tasks.service.ts';
import { addDays, type NextDue, nextDue } from './agreements.policy.ts';
import { presentNextOrder } from './agreements.presenter.ts';
import * as repo from './service-agreements.repository.ts';
import { agreementEvent } from './service-agreements.service.ts';

/** Next orders look this many days ahead unless ToDate says otherwise. */
export const NEXT_ORDER_DAYS = 30;
/**
 * The most a next-orders count counts (bounded as the job, customer and machine lists are: decision
 * 045): the answer has no TotalCountCapped, so past it TotalCount is the cap (common/paging.ts
 * boundedTotal). Lower than their 10,000: each counted visit is checked against its machine and
 * contract (index probes, not an index-only count), and 1,000 visits are 20 pages of the list.
 */
export const NEXT_ORDER_COUNT_CAP = 1_000;
/** The nightly plan makes the jobs of the visits due within a week. */
const PLAN_DAYS = 7;
export const NEXT_ORDER_TASK = 'CreateNextOrderJobs';
export const NEXT_ORDER_PLAN = 'NextOrderJobs';

interface Deps {
  db: Db;
  settings: SettingsService;
  clock: Clock;
  jobs: JobRecordService;
  queue: TaskQueue;
  tasks: TaskService;
}

/**
 * Next orders (issue 15): the visits the active service agreements call for next, by due date (date
 * and counter intervals, agreements.policy.ts), and the jobs made from them through the job service,
 * so every job rule applies. One job at once, several as a background task with progress, or every
 * week's due visits by the NextOrderJobs plan.
 */
export class NextOrderService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
    deps.queue.register(NEXT_ORDER_TASK, (ctx) => this.runTask(ctx));
  }

  private async today() {
    const tz = (await this.deps.settings.global()).TimeZone;
    return { today: toLocalDateTime(this.deps.clock.now(), tz).slice(0, 10), tz };
  }

  /**
   * The active agreements' next visits due on or before `toDate` (any day when null), by due date:
   * found, ordered and paged in SQL by the stored due day (service-agreements.repository.ts
   * `dueAgreements`, the count bounded by NEXT_ORDER_COUNT_CAP), then each
   * of the page's visits told by the policy (agreements.policy.ts) from its row and counter state.
   */
  private async due(
    filter: {
      customerId?: number | undefined;
      contractTypeId?: number | undefined;
      search?: string | undefined;
      ids?: number[];
    },
    toDate: string | null,
    page: { limit: number; offset: number } | null = null,
  ) {
    const { today, tz } = await this.today();
    const f = {
      customerId: filter.customerId,
      contractTypeId: filter.contractTypeId,
      search: filter.search,
      ids: filter.ids,
      includeInactive: false,
      dueOnly: { day: today },
    };
    const found = await repo.dueAgreements(this.deps.db, f, toDate, page, NEXT_ORDER_COUNT_CAP);
    const rows = found.rows;
    const states = await repo.counterStates(
      this.deps.db,
      [...new Set(rows.flatMap((r) => (r.counterId === null ? [] : [r.counterId])))],
      tz,
    );
    const out: { row: (typeof rows)[number]; due: NextDue; state: ReturnType<typeof states.get> }[] = [];
    for (const row of rows) {
      const state = row.counterId === null ? undefined : states.get(row.counterId);
      const due = nextDue(
        {
          startDate: row.startDate,
          endDate: row.endDate,
          intervalMonths: row.intervalMonths,
          lastServiceDate: row.lastServiceDate,
          counterInterval: row.counterInterval === null ? null : Number(row.counterInterval),
          lastServiceCounter: row.lastServiceCounter === null ? null : Number(row.lastServiceCounter),
        },
        state ?? null,
      );
      if (due) out.push({ row, due, state });
    }
    const total = page && found.count ? boundedTotal(page, rows.length, found.count) : out.length;
    return { out, total, today };
  }

  async list(caller: Caller, q: z.output<typeof NextOrdersQuery>) {
    const { today } = await this.today();
    const toDate = q.ToDate ?? addDays(today, NEXT_ORDER_DAYS);
    const { out, total } = await this.due(
      { customerId: q.CustomerId, contractTypeId: q.ContractTypeId, search: q.SearchWord },
      toDate,
      { limit: q.ItemsPerPage, offset: offsetOf(q.Page, q.ItemsPerPage) },
    );
    return {
      Content: out.map((x) =>
        presentNextOrder(x.row, x.due, x.state ?? null, today, languageOf(caller.lang)),
      ),
      TotalCount: total,
    };
  }

  /**
   * The job of an agreement's next visit. The visit is claimed first (the agreement moves on, by its
   * row version: of two clicks one makes the job, the other gets 409), then the job is made by the job
   * service; a refused job gives the visit back.
   */
  async createJob(caller: Caller, id: number, rowVersion: number | undefined) {
    const { out } = await this.due({ ids: [id] }, null);
    const found = out[0];
    if (!found) {
      const exists = await repo.findAgreement(this.deps.db, id, undefined);
      if (!exists) throw recordNotFound(caller, 'object_service_agreement', id);
      throw refusal(409, 'agreement_not_due');
    }
    const parties = await repo.jobPartiesOfMachine(this.deps.db, found.row.machineId);
    if (!parties?.contactId || !parties.addressId)
      throw fieldRefusal(caller, 'ContactPersonId', 'agreement_no_contact');
    const before = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const row = await repo.findAgreement(tx, id, undefined, true);
      if (!row) throw recordNotFound(caller, 'object_service_agreement', id);
      assertCurrent(caller, row, rowVersion ?? found.row.rowVersion);
      await repo.updateAgreement(tx, id, {
        lastServiceDate: found.due.dueDate,
        lastServiceCounter: found.state ? String(found.state.total) : row.lastServiceCounter,
      });
      emit(agreementEvent(caller, id, row.machineId, 'Change'));
      return row;
    });
    let jobId: number;
    try {
      const input = JobCreateInput.parse({
        DisplayName: found.row.name,
        CustomerId: parties.customerId,
        ContactPersonId: parties.contactId,
        CustomerDeliveryAddress: parties.addressId,
        JobTypeId: found.row.jobTypeId,
        JobPriorityId: 1,
        EstimatedTime: Number(found.row.estimatedTime),
        Machines: [
          {
            MachineId: found.row.machineId,
            CustomerComment: serverMessage('next_order_comment', caller.lang, {
              name: found.row.name,
              date: found.due.dueDate,
            }),
          },
        ],
      });
      jobId = (await this.deps.jobs.create(caller, input)).Id;
    } catch (err) {
      await changeWithEvents(this.deps.db, async (tx, emit) => {
        await repo.updateAgreement(tx, id, {
          lastServiceDate: before.lastServiceDate,
          lastServiceCounter: before.lastServiceCounter,
        });
        emit(agreementEvent(caller, id, before.machineId, 'Change'));
      });
      throw err;
    }
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.updateAgreement(tx, id, { lastJobId: jobId });
      emit(agreementEvent(caller, id, before.machineId, 'Change'));
    });
    return { AgreementId: id, JobId: jobId };
  }

  /** The jobs of several next orders, made by a background task that reports its progress. */
  async createJobs(caller: Caller, ids: number[]) {
    const task = await this.deps.queue.enqueue({
      name: NEXT_ORDER_TASK,
      displayText: 'task_next_order_jobs',
      input: { AgreementIds: [...new Set(ids)], User: caller.user, Lang: caller.lang ?? null },
      createdBy: caller.user.id,
      keepInNotificationBar: true,
    });
    return this.deps.tasks.one(caller, task.id);
  }

  /** The task: given agreements (a user's), or every visit due within a week (the plan, as an Admin). */
  private async runTask(ctx: TaskContext) {
    const input = ctx.input as { AgreementIds?: number[]; User?: AuthUser; Lang?: string | null };
    const user = input.User ?? (await repo.firstAdmin(this.deps.db));
    if (!user) return null;
    const caller: Caller = { user, lang: input.Lang ?? undefined };
    let ids = input.AgreementIds;
    if (!ids) {
      const { today } = await this.today();
      ids = (await this.due({}, addDays(today, PLAN_DAYS))).out.map((x) => x.row.id);
    }
    let done = 0;
    for (const id of ids) {
      try {
        await this.createJob(caller, id, undefined);
      } catch (err) {
        // One agreement that cannot be made into a job (made meanwhile, no contact) does not stop the rest.
        if (!(err instanceof AppError)) throw err;
      }
      done += 1;
      await ctx.progress((done / ids.length) * 100);
    }
    return { link: '/agreements/next-orders' };
  }
}
