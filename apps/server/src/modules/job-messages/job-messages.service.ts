import {
  EMAIL_TEMPLATES,
  type EmailTemplateKey,
  emailSettingNames,
  isCustomerType,
  isEmailTemplateKey,
  renderTemplate,
  type TemplatePlaceholder,
} from '@fieldport/contract';
import type { Mailer } from '../../infra/mailer.ts';
import type { SmsSender } from '../../infra/sms.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import type { Emit } from '../common/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.ts';
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
 * The job's e-mails and texts of 001 §2.4: when a job is created (newjob; confirmed-customer-support
 * too when a customer user registered it) or completed (completedJob), and the template is switched
 * on, a task is queued in the job's own transaction; the task writes the message from the template at
 * send time to the job's contact, if they allow e-mail (or SMS), and fails (to be retried) when the
 * mail server or SMS provider refuses it. Every message is in the mail or SMS log.
 */
export class JobMessageService {
  private readonly d: {
    settings: SettingsService;
    queue: TaskQueue;
    mailer: Mailer;
    sms: SmsSender;
    db: Executor;
  };
  constructor(deps: JobMessageService['d']) {
    this.d = deps;
    deps.queue.register(JOB_EMAIL_TASK, (ctx) => this.run(ctx, 'email'), RETRY);
    deps.queue.register(JOB_SMS_TASK, (ctx) => this.run(ctx, 'sms'), RETRY);
  }

  /** The templates now, read before the job's transaction (job.service.ts JobMessages). */
  templates(): Promise<Record<string, unknown>> {
    return this.d.settings.email();
  }

  /** In the creating change: the new job's messages. */
  async created(tx: Executor, emit: Emit, caller: Caller, job: JobRef, templates: Record<string, unknown>) {
    if (job.parentId !== null) return;
    await this.queueFor(tx, emit, job.id, templateOf(templates, 'newjob'), 'newjob');
    if (isCustomerType(caller.user.userTypeId))
      await this.queueFor(
        tx,
        emit,
        job.id,
        templateOf(templates, 'confirmed-customer-support'),
        'confirmed-customer-support',
      );
  }

  /** In the status change: completedJob when a job reaches 50 from below. */
  async statusChanged(
    tx: Executor,
    emit: Emit,
    before: JobRef,
    after: JobRef,
    templates: Record<string, unknown>,
  ) {
    if (after.parentId !== null) return;
    if (before.jobStatusId < 50 && after.jobStatusId === 50)
      await this.queueFor(tx, emit, after.id, templateOf(templates, 'completedJob'), 'completedJob');
  }

  /** After the change committed: the worker takes the queued messages at once. */
  wake() {
    this.d.queue.wake();
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
        await this.d.queue.enqueueIn(tx, emit, {
          name,
          input: { jobId, key },
          displayText: `${name} ${key} ${jobId}`,
          discreet: true,
        });
  }

  private async template(key: EmailTemplateKey) {
    return templateOf(await this.d.settings.email(), key);
  }

  /** One message of a task; a refusal throws, so the queue tries it again later. */
  private async run(ctx: TaskContext, channel: 'email' | 'sms') {
    const jobId = Number(ctx.input.jobId);
    const key = String(ctx.input.key);
    if (!isEmailTemplateKey(key)) return null;
    const [t, job] = await Promise.all([this.template(key), messageContext(this.d.db, jobId)]);
    if (!job || job.contactActive === false) return null;
    const values = await this.placeholders(job);
    if (channel === 'email') {
      if (!t.emailEnabled || !job.emailAllowed || !job.contactEmail) return null;
      const status = await this.d.mailer.send({
        to: job.contactEmail,
        subject: renderTemplate(t.subject, values),
        text: renderTemplate(t.body, values),
      });
      if (status === 'Failed') throw new Error(`The mail to ${job.contactEmail} was not accepted.`);
    } else {
      if (!t.smsEnabled || !job.smsAllowed || !job.contactMobile) return null;
      const status = await this.d.sms.send({
        to: job.contactMobile,
        text: renderTemplate(t.smsText, values),
      });
      if (status === 'Failed') throw new Error(`The text to ${job.contactMobile} was not accepted.`);
    }
    return null;
  }

  private async placeholders(job: MessageContext): Promise<Record<TemplatePlaceholder, string>> {
    const company = await this.d.settings.company();
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
