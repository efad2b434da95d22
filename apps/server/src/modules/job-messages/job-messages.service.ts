import {
  EMAIL_TEMPLATES,
  type EmailTemplateKey,
  emailSettingNames,
  isEmailTemplateKey,
  renderTemplate,
  type TemplatePlaceholder,
} from '@fieldport/contract';
import type { Mailer } from '../../infra/mailer.ts';
import type { SmsSender } from '../../infra/sms.ts';
import type { Executor } from '../common/db.ts';
import type { Emit } from '../common/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.ts';
import { messagesOnStatus } from './job-messages.policy.ts';
import { type MessageContext, messageContext } from './job-messages.repository.ts';

/** The tasks that write a job's messages: one per channel, so a failed SMS never sends the mail twice. */
export const JOB_EMAIL_TASK = 'JobEmail';
export const JOB_SMS_TASK = 'JobSms';
/** A failed send is tried 4 times in all, waiting 30 s, 1 min, 2 min between. */
const RETRY = { maxAttempts: 4, retryDelayMs: 30_000 };

interface JobRef {
  id: number;
  jobStatusId: number;
  parentId: number | null;
}

/**
 * The job's e-mails and texts of 001 §2.4, queued in the job's own change (so once, and never for a
 * change that rolled back), written from the template at send time to the job's contact if they allow
 * e-mail (or SMS), and failed (to be retried) when the mail server or SMS provider refuses it. Every
 * message is in the mail or SMS log. When (job-messages.policy.ts):
 * - newjob: a job is created;
 * - confirmed-email: the job is confirmed, leaving new/unplanned for a planned, open status, and with
 *   it confirmed-customer-support, the office's copy to the company's own address (Company settings);
 * - completedJob: the job is completed (from below 50 to 50–69);
 * - onmyway: a technician set out to one of the job's appointments (decision 072).
 * A template naming {StatusLink} gets a new status link of the job in each message written.
 * Every path that writes a job's status reaches `statusMoved` (jobs/job-status.ts).
 */
export class JobMessageService {
  private readonly deps: {
    settings: SettingsService;
    queue: TaskQueue;
    mailer: Mailer;
    sms: SmsSender;
    db: Executor;
    /** A new status link of a job, made only when the message names {StatusLink} (decision 072). */
    statusLink?: (jobId: number) => Promise<string>;
  };
  constructor(deps: JobMessageService['deps']) {
    this.deps = deps;
    deps.queue.register(JOB_EMAIL_TASK, (ctx) => this.run(ctx, 'email'), RETRY);
    deps.queue.register(JOB_SMS_TASK, (ctx) => this.run(ctx, 'sms'), RETRY);
  }

  /** In the creating change: the new job's messages, then those of the status it was created at. */
  async created(tx: Executor, emit: Emit, job: JobRef) {
    if (job.parentId !== null) return;
    await this.queueAll(tx, emit, job.id, ['newjob', ...messagesOnStatus(null, job.jobStatusId)]);
  }

  /** In the change that moved a parent job's status: confirmed-email or completedJob, as the move says. */
  async statusMoved(tx: Executor, emit: Emit, before: JobRef | null, after: JobRef) {
    if (after.parentId !== null) return;
    await this.queueAll(tx, emit, after.id, messagesOnStatus(before?.jobStatusId ?? null, after.jobStatusId));
  }

  /** In the change that set a job's appointment "On my way" (decision 072): the onmyway message. */
  async onMyWay(tx: Executor, emit: Emit, jobId: number) {
    await this.queueAll(tx, emit, jobId, ['onmyway']);
  }

  /** After the change committed: the worker takes the queued messages at once. */
  wake() {
    this.deps.queue.wake();
  }

  /** The templates are read only when a message may go, with the change's transaction. */
  private async queueAll(tx: Executor, emit: Emit, jobId: number, keys: EmailTemplateKey[]) {
    if (keys.length === 0) return;
    const templates = await this.deps.settings.emailIn(tx);
    for (const key of keys) await this.queueFor(tx, emit, jobId, templateOf(templates, key), key);
  }

  private async queueFor(
    tx: Executor,
    emit: Emit,
    jobId: number,
    t: ReturnType<typeof templateOf>,
    key: EmailTemplateKey,
  ) {
    for (const [on, name] of [
      [t.emailEnabled, JOB_EMAIL_TASK],
      [t.smsEnabled, JOB_SMS_TASK],
    ] as const)
      if (on)
        await this.deps.queue.enqueueIn(tx, emit, {
          name,
          input: { jobId, key },
          displayText: `${name} ${key} ${jobId}`,
          discreet: true,
        });
  }

  private async template(key: EmailTemplateKey) {
    return templateOf(await this.deps.settings.email(), key);
  }

  /** One message of a task; a refusal throws, so the queue tries it again later. */
  private async run(ctx: TaskContext, channel: 'email' | 'sms') {
    const jobId = Number(ctx.input.jobId);
    const key = String(ctx.input.key);
    if (!isEmailTemplateKey(key)) return null;
    const [t, job, company] = await Promise.all([
      this.template(key),
      messageContext(this.deps.db, jobId),
      this.deps.settings.company(),
    ]);
    if (!job) return null;
    const to = recipientOf(key, channel, job, company);
    if (!to) return null;
    if (channel === 'email' ? !t.emailEnabled : !t.smsEnabled) return null;
    const texts = channel === 'email' ? [t.subject, t.body] : [t.smsText];
    const link = texts.some((x) => x.includes('{StatusLink}')) && this.deps.statusLink;
    const values = { ...placeholders(job, company), StatusLink: link ? await link(jobId) : '' };
    if (channel === 'email') {
      if (!t.emailEnabled) return null;
      const status = await this.deps.mailer.send({
        to,
        subject: renderTemplate(t.subject, values),
        text: renderTemplate(t.body, values),
      });
      if (status === 'Failed') throw new Error(`The mail to ${to} was not accepted.`);
    } else {
      if (!t.smsEnabled) return null;
      const status = await this.deps.sms.send({ to, text: renderTemplate(t.smsText, values) });
      if (status === 'Failed') throw new Error(`The text to ${to} was not accepted.`);
    }
    return null;
  }
}

type Company = { CompanyName: string; Telephone: string; Email: string };

/**
 * Who a message goes to: confirmed-customer-support is the office's copy, to the company's own
 * address and telephone (Company settings); every other message goes to the job's active contact,
 * when they allow e-mail (or SMS). Null: nobody, so nothing is sent.
 */
function recipientOf(
  key: EmailTemplateKey,
  channel: 'email' | 'sms',
  job: MessageContext,
  company: Company,
): string | null {
  if (key === 'confirmed-customer-support')
    return (channel === 'email' ? company.Email : company.Telephone).trim() || null;
  if (job.contactActive === false) return null;
  if (channel === 'email') return job.emailAllowed && job.contactEmail ? job.contactEmail : null;
  return job.smsAllowed && job.contactMobile ? job.contactMobile : null;
}

function placeholders(
  job: MessageContext,
  company: Company,
): Record<Exclude<TemplatePlaceholder, 'StatusLink'>, string> {
  return {
    JobId: String(job.jobId),
    OrderId: job.orderId ?? '',
    JobName: job.displayName,
    JobDescription: job.firstLineComment,
    ContactName: job.contactName ?? '',
    CustomerName: job.customerName ?? '',
    CustomerNumber: job.customerNumber ?? '',
    DeliveryAddress: [job.street, [job.zip, job.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    CompanyName: company.CompanyName,
    CompanyPhone: company.Telephone,
    CompanyEmail: company.Email,
  };
}
/** One template's switches and texts from the e-mail settings. */
function templateOf(values: Record<string, unknown>, key: EmailTemplateKey) {
  const n = emailSettingNames(EMAIL_TEMPLATES[key]);
  return {
    emailEnabled: values[n.enabled] === true,
    subject: String(values[n.subject] ?? ''),
    body: String(values[n.body] ?? ''),
    smsEnabled: values[n.smsEnabled] === true,
    smsText: String(values[n.smsText] ?? ''),
  };
}
