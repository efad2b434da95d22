import { type MailLogEntry, toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './mail-log.repository.ts';

/** The mail log the Admin reads: every message, newest first, at the company's wall-clock time. */
export class MailLogService {
  private readonly deps: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.deps = deps;
  }

  async filtered(q: { Page: number; ItemsPerPage: number; SearchWord?: string | undefined }) {
    const { rows, total } = await repo.listMail(this.deps.db, q.Page, q.ItemsPerPage, q.SearchWord);
    const tz = (await this.deps.settings.global()).TimeZone;
    return {
      Content: rows.map(
        (r): MailLogEntry => ({
          Id: r.id,
          To: r.to,
          Subject: r.subject,
          Body: r.body,
          Status: r.status as MailLogEntry['Status'],
          Created: toLocalDateTime(r.createdAt, tz),
        }),
      ),
      TotalCount: total,
    };
  }
}
