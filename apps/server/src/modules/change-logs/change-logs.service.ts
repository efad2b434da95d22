import type { ChangeLogEntry } from '@fieldport/contract';
import { toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { customerScope, machineScope } from '../common/scope.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type ChangeLogRow, type LoggedChange, listChangeLogs } from './change-logs.repository.ts';

export interface ChangeLogQuery {
  Page: number;
  ItemsPerPage: number;
  SearchWord?: string | undefined;
  CustomerId?: number | undefined;
  MachineId?: number | undefined;
  JobId?: number | undefined;
  ArticleId?: number | undefined;
}

/** A log line as the API shows it, its time on the company's wall clock. */
export const presentChangeLog = (r: ChangeLogRow, tz: string): ChangeLogEntry => ({
  Id: r.id,
  CustomerId: r.customerId,
  MachineId: r.machineId,
  Entity: r.entity,
  EntityId: r.entityId,
  Action: r.action,
  Description: r.description,
  Changes: r.changes as LoggedChange[],
  UserId: r.userId,
  UserName: r.userName,
  Created: toLocalDateTime(r.createdAt, tz),
});

/** Reading the customer, machine, appointment and article change logs (writing is done by each change, in its transaction). */
export class ChangeLogService {
  private readonly db: Db;
  private readonly settings: SettingsService;
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.db = deps.db;
    this.settings = deps.settings;
  }

  /** Appointment lines belong to their job's customer: partners see their customers' jobs' only, no absences. */
  async list(caller: Caller, kind: 'customer' | 'machine' | 'appointment' | 'article', q: ChangeLogQuery) {
    // Articles are staff only (the route admits no one else): their lines belong to no company.
    const scope =
      kind === 'article'
        ? undefined
        : kind === 'machine'
          ? machineScope(caller.user)
          : customerScope(caller.user);
    const { rows, total } = await listChangeLogs(
      this.db,
      {
        kind,
        customerId: q.CustomerId,
        machineId: q.MachineId,
        jobId: q.JobId,
        articleId: q.ArticleId,
        search: q.SearchWord,
        page: q.Page,
        perPage: q.ItemsPerPage,
      },
      scope,
    );
    const tz = (await this.settings.global()).TimeZone;
    return { Content: rows.map((r) => presentChangeLog(r, tz)), TotalCount: total };
  }
}
