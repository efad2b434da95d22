import { LEAD_EMAIL_SETTINGS, type LeadTemplatePlaceholder, renderTemplate } from '@fieldport/contract';
import type { Mailer } from '../../infra/mailer.ts';
import type { Executor } from '../common/db.ts';
import type { Emit } from '../common/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.ts';
import { findLead } from './leads.repository.ts';

/** The task that mails a new lead to the address of the lead e-mail page. */
export const LEAD_EMAIL_TASK = 'LeadEmail';
/** A refused send is tried 4 times in all, as a job's mail is. */
const RETRY = { maxAttempts: 4, retryDelayMs: 30_000 };

/** The new-lead mail's switch, address and texts from the e-mail settings. */
function leadTemplate(values: Record<string, unknown>) {
  const n = LEAD_EMAIL_SETTINGS;
  return {
    enabled: values[n.enabled] === true,
    to: String(values[n.to] ?? '').trim(),
    subject: String(values[n.subject] ?? ''),
    body: String(values[n.body] ?? ''),
  };
}

/**
 * The new-lead mail (decision 054): when a lead is registered and the Admin has switched the mail on
 * with an address, a task is queued in the lead's own transaction; the task writes the mail from the
 * template at send time (so the lead's fields are as they are then) and fails, to be retried, when the
 * mail server refuses it. Every mail is in the mail log.
 */
export class LeadMailService {
  private readonly deps: { settings: SettingsService; queue: TaskQueue; mailer: Mailer; db: Executor };
  constructor(deps: LeadMailService['deps']) {
    this.deps = deps;
    deps.queue.register(LEAD_EMAIL_TASK, (ctx) => this.run(ctx), RETRY);
  }

  /** The settings now, read before the lead's transaction. */
  templates(): Promise<Record<string, unknown>> {
    return this.deps.settings.email();
  }

  /** In the creating change: the mail's task, when the mail is on and has an address. */
  async created(
    tx: Executor,
    emit: Emit,
    lead: { id: number; createdBy: string },
    templates: Record<string, unknown>,
  ) {
    const t = leadTemplate(templates);
    if (!t.enabled || !t.to) return;
    await this.deps.queue.enqueueIn(tx, emit, {
      name: LEAD_EMAIL_TASK,
      input: { leadId: lead.id, createdBy: lead.createdBy },
      displayText: `${LEAD_EMAIL_TASK} ${lead.id}`,
      discreet: true,
    });
  }

  /** After the change committed: the worker takes the mail at once. */
  wake() {
    this.deps.queue.wake();
  }

  private async run(ctx: TaskContext) {
    const leadId = Number(ctx.input.leadId);
    const [t, row] = await Promise.all([
      this.deps.settings.email().then(leadTemplate),
      Number.isSafeInteger(leadId) ? findLead(this.deps.db, leadId) : null,
    ]);
    // Switched off, or the lead deleted, since it was queued: nothing to send.
    if (!t.enabled || !t.to || !row) return null;
    const company = await this.deps.settings.company();
    const l = row.lead;
    const values: Record<LeadTemplatePlaceholder, string> = {
      LeadName: l.name,
      LeadContactName: l.contactName,
      LeadEmail: l.email,
      LeadPhone: l.phone,
      LeadAddress: [l.street, [l.zip, l.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      LeadDescription: l.description,
      LeadType: row.typeName ?? '',
      LeadCreatedBy: String(ctx.input.createdBy ?? ''),
      CompanyName: company.CompanyName,
      CompanyPhone: company.Telephone,
      CompanyEmail: company.Email,
    };
    const status = await this.deps.mailer.send({
      to: t.to,
      subject: renderTemplate(t.subject, values, 'lead'),
      text: renderTemplate(t.body, values, 'lead'),
    });
    if (status === 'Failed') throw new Error(`The mail to ${t.to} was not accepted.`);
    return null;
  }
}
