import {
  type EventLogEntry,
  renderTemplate,
  SAMPLE_PLACEHOLDER_VALUES,
  type SmsLogEntry,
  serverMessage,
  type TaskLogEntry,
  toLocalDateTime,
  unknownPlaceholders,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../infra/mailer.ts';
import type { Caller } from '../common/caller.ts';
import { validationFailed } from '../common/errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './logs.repository.ts';

interface RangeQuery {
  Page: number;
  ItemsPerPage: number;
  DateFrom?: string | undefined;
  DateTo?: string | undefined;
}
interface ByUserQuery extends RangeQuery {
  UserId?: number | undefined;
  Type?: string | undefined;
}

/**
 * The Admin's logs (002 §7.12): the change events (who changed what and when), the text messages and
 * the background tasks, each paged on the server and narrowed to a day range of the company's clock;
 * and the template editor's test mail (001 §2.4).
 */
export class LogService {
  private readonly deps: { db: Db; settings: SettingsService; mailer: Mailer };
  constructor(deps: { db: Db; settings: SettingsService; mailer: Mailer }) {
    this.deps = deps;
  }

  private async range(q: RangeQuery) {
    const timeZone = (await this.deps.settings.global()).TimeZone;
    return { timeZone, from: q.DateFrom, to: q.DateTo, page: q.Page, perPage: q.ItemsPerPage };
  }

  async events(q: ByUserQuery) {
    const r = await this.range(q);
    const { rows, total } = await repo.listEvents(this.deps.db, { ...r, userId: q.UserId, type: q.Type });
    return {
      Content: rows.map(
        ({ row, userName }): EventLogEntry => ({
          Id: row.id,
          Type: row.entity,
          EntityId: row.entityId,
          ChangeType: row.changeType,
          UserId: row.userId,
          UserName: userName ?? '',
          Created: toLocalDateTime(row.createdAt, r.timeZone),
        }),
      ),
      TotalCount: total,
    };
  }

  async sms(q: RangeQuery & { SearchWord?: string | undefined }) {
    const r = await this.range(q);
    const { rows, total } = await repo.listSms(this.deps.db, { ...r, search: q.SearchWord });
    return {
      Content: rows.map(
        (s): SmsLogEntry => ({
          Id: s.id,
          To: s.to,
          Text: s.text,
          Status: s.status as SmsLogEntry['Status'],
          Error: s.error,
          Created: toLocalDateTime(s.createdAt, r.timeZone),
        }),
      ),
      TotalCount: total,
    };
  }

  async tasks(q: ByUserQuery) {
    const r = await this.range(q);
    const { rows, total } = await repo.listTasks(this.deps.db, { ...r, userId: q.UserId, type: q.Type });
    return {
      Content: rows.map(
        ({ row, userName }): TaskLogEntry => ({
          Id: row.id,
          Type: row.name,
          DisplayText: row.displayText,
          Status: row.status,
          Attempts: row.attempts,
          Error: row.error,
          PlanName: row.planName,
          UserId: row.createdBy,
          UserName: userName ?? '',
          Created: toLocalDateTime(row.createdAt, r.timeZone),
          Finished: row.finishedAt ? toLocalDateTime(row.finishedAt, r.timeZone) : null,
        }),
      ),
      TotalCount: total,
    };
  }

  /** The template as written, with example values, to one address now; refused with an unknown placeholder. */
  async testEmail(caller: Caller, input: { To: string; Subject: string; Body: string }) {
    const errors = (['Subject', 'Body'] as const).flatMap((Field) => {
      const names = unknownPlaceholders(input[Field]);
      return names.length
        ? [
            {
              Field,
              Message: serverMessage('unknown_placeholder', caller.lang, {
                names: names.map((n) => `{${n}}`).join(', '),
              }),
            },
          ]
        : [];
    });
    if (errors.length) throw validationFailed(caller.lang, errors);
    const status = await this.deps.mailer.send({
      to: input.To,
      subject: renderTemplate(input.Subject, SAMPLE_PLACEHOLDER_VALUES),
      text: renderTemplate(input.Body, SAMPLE_PLACEHOLDER_VALUES),
    });
    const key =
      status === 'Sent'
        ? 'test_mail_sent'
        : status === 'Recorded'
          ? 'test_mail_recorded'
          : 'test_mail_failed';
    return { Success: status !== 'Failed', Message: serverMessage(key, caller.lang, { to: input.To }) };
  }
}
