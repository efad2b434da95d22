import {
  DEFAULT_DOCUMENT_CATEGORY,
  LABEL_PHOTO_MAX_BYTES,
  languageOf,
  serverMessage,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
import { refusal } from '../common/errors.ts';
import { documentContentOf } from '../documents/document-content.ts';
import type { DocumentService } from '../documents/documents.service.ts';
import type { FaultReportService } from '../fault-reports/fault-reports.service.ts';
import type { JobListService } from '../jobs/job-list.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { StatusLinkService } from '../status-links/status-links.service.ts';
import { LABEL_REPORT_WINDOW_MS, labelReportPolicy as policy } from './label-reports.policy.ts';
import * as repo from './label-reports.repository.ts';
import { type LabelUpload, photoRefusal, photoTooLarge } from './label-upload.ts';

interface Deps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  jobs: JobListService;
  faultReports: FaultReportService;
  documents: DocumentService;
  statusLinks: Pick<StatusLinkService, 'issue'>;
}

/** Every way a label can fail to be one answers this, so nothing tells a machine or customer exists. */
const unknownLabel = () => refusal(404, 'label_not_found');

/**
 * The fault report from a machine's QR label (issue 32 item 1, decision 070): the public page and
 * form, and a signed-in customer user's way to the portal's form. The report is the customer user's
 * fault report (FaultReportService) made by the label's reporter, with the photos as the job's
 * documents and the report counted for the rate limit in the job's transaction.
 */
export class LabelReportService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async page(lang: string | undefined, token: string) {
    const machine = await this.open(token);
    const priorities = await this.deps.jobs.priorities(languageOf(lang));
    return { MachineName: machine.name, Priorities: priorities.map((p) => ({ Id: p.Id, Name: p.Name })) };
  }

  /**
   * A report from the label: the label first (404), then the form as read (the Idempotency-Key's
   * repeat answers here), the rate limit (429), the honeypot and the photos (400, 413); only then the
   * job. Any refusal leaves everything as it was.
   */
  async report(lang: string | undefined, token: string, address: string, read: () => Promise<LabelUpload>) {
    const machine = await this.open(token);
    const upload = await read();
    const since = new Date(this.deps.clock.now().getTime() - LABEL_REPORT_WINDOW_MS);
    if (!policy.withinLimits(await repo.recentReports(this.deps.db, machine.id, address, since)))
      throw refusal(429, 'label_report_too_many', { headers: { 'Retry-After': '3600' } });
    const f = upload.fields;
    if (f.Website !== '') throw refusal(400, 'label_report_refused');
    const caller: Caller = {
      user: policy.reporter(machine.customerId, f.ReporterName, f.ReporterEmail, lang),
      lang,
    };
    for (const p of upload.photos) {
      if (p.data.length > LABEL_PHOTO_MAX_BYTES) throw photoTooLarge(lang, p.filename);
      const content = await documentContentOf(p.data, p.filename);
      if (!content?.contentType.startsWith('image/'))
        throw photoRefusal(400, serverMessage('label_photo_type', lang, { name: p.filename || 'Photos' }));
    }
    const checked = await this.deps.documents.checkFiles(caller, upload.photos);
    const stored = await this.deps.documents.saveFiles('Job', checked);
    const contact = [f.ReporterPhone, f.ReporterEmail].filter((v) => v !== '').join(', ');
    const description = `${f.Description}\n\n${serverMessage('label_reporter', lang, { name: f.ReporterName, contact })}`;
    let statusLink = '';
    try {
      const job = await this.deps.faultReports.report(
        caller,
        machine.id,
        { Description: description, JobPriorityId: f.JobPriorityId },
        async (tx, emit, jobId) => {
          await repo.insertLabelReport(tx, {
            machineId: machine.id,
            address,
            jobId,
            reportedAt: this.deps.clock.now(),
          });
          const entity = { name: machine.name, customerId: machine.customerId, machineId: machine.id };
          await this.deps.documents.recordFiles(
            tx,
            emit,
            caller,
            { entityClass: 'Job', entityId: jobId, entity },
            checked,
            stored,
            { category: DEFAULT_DOCUMENT_CATEGORY, publishToCustomer: true },
          );
          // The reporter follows the job by a link of their own, made with it (issue 32 item 1).
          statusLink = await this.deps.statusLinks.issue(jobId, tx);
        },
      );
      return { OrderId: job.OrderId, StatusLink: statusLink };
    } catch (err) {
      await this.deps.documents.discard(stored);
      throw err;
    }
  }

  /** A signed-in customer user's label: the machine, when it is their company's (the portal's form). */
  async machineOf(caller: Caller, token: string) {
    if (!policy.isToken(token) || !(await this.deps.settings.features()).LabelReportsEnabled)
      throw unknownLabel();
    const machine = await repo.machineOfLabel(this.deps.db, token, caller.user);
    if (!machine) throw unknownLabel();
    return { MachineId: machine.id };
  }

  /** The machine of a label that takes reports; one 404 for every other case. */
  private async open(token: string) {
    if (!policy.isToken(token) || !(await this.deps.settings.features()).LabelReportsEnabled)
      throw unknownLabel();
    const machine = await repo.machineOfLabel(this.deps.db, token);
    if (!machine) throw unknownLabel();
    return machine;
  }
}
