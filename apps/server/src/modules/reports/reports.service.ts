import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { api, buildPath, type Job, toLanguage, toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
import type { HeavyWork } from '../common/heavy-work.ts';
import type { JobRecordService } from '../jobs/job-record.service.ts';
import { pngForPrint } from '../resources/image-content.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { findSignature } from './job-signatures.repository.ts';
import type { ReportDrawer } from './report-drawer.ts';
import type { ReportInput } from './report-pdf.ts';
import { reportTexts } from './report-texts.ts';
import { type CodeIds, codeNames } from './reports.repository.ts';

export interface ReportDeps {
  db: Db;
  jobs: JobRecordService;
  settings: SettingsService;
  clock: Clock;
  /** The company's uploaded logo, or null for the built-in one (settings/UpdateLogo). */
  logo: () => Promise<{ data: Buffer } | null>;
  /** The bounded pool PDFs are made in, with its share per user (decision 059). */
  heavy: HeavyWork;
  /** Draws the PDFs in worker threads (report-drawer.ts). */
  drawer: ReportDrawer;
}

/** A made document: its PDF and the name it is saved under. */
export interface ReportFile {
  fileName: string;
  data: Buffer;
}

const DEFAULT_LOGO = join(import.meta.dirname, '../../../assets/logo.svg');
let defaultLogo: Promise<Buffer> | undefined;

/**
 * The printable documents of a job (002 §7.10): the service report and the hazard analysis, in the
 * caller's language. Reading the job is the authorisation: who cannot read it gets its 404.
 */
export class ReportService {
  private readonly deps: ReportDeps;
  /** The logo as drawn in the reports, kept while the logo is the same (sharp took CPU on every PDF). */
  private logo: { key: string; png: Promise<Buffer | null> } | null = null;
  constructor(deps: ReportDeps) {
    this.deps = deps;
  }

  async serviceReport(caller: Caller, jobId: number): Promise<ReportFile> {
    return this.deps.heavy.run(caller.user.id, async () => {
      const input = await this.input(caller, jobId);
      const data = await this.deps.drawer.draw('serviceReport', input);
      return { fileName: this.fileName(input, 'serviceReport.fileName'), data };
    });
  }

  async hazardAnalysis(caller: Caller, jobId: number): Promise<ReportFile> {
    return this.deps.heavy.run(caller.user.id, async () => {
      const input = await this.input(caller, jobId);
      const data = await this.deps.drawer.draw('hazardAnalysis', input);
      return { fileName: this.fileName(input, 'hazardAnalysis.fileName'), data };
    });
  }

  /** GetServiceReportLink: the path of the job's service report, for a job the caller may read. */
  async serviceReportLink(caller: Caller, jobId: number) {
    await this.deps.jobs.get(caller, jobId);
    return { Link: buildPath(api.serviceReport.path, { jobId }) };
  }

  private fileName(input: ReportInput, key: 'serviceReport.fileName' | 'hazardAnalysis.fileName') {
    return `${reportTexts(input.lang)(key, { id: input.job.OrderId ?? input.job.Id })}.pdf`;
  }

  private async input(caller: Caller, jobId: number): Promise<ReportInput> {
    const job = await this.deps.jobs.get(caller, jobId);
    const lang = toLanguage(caller.lang?.split(',')[0]?.split(';')[0]?.trim());
    const [codes, company, global, logo, signature] = await Promise.all([
      codeNames(this.deps.db, codeIdsOf(job), lang),
      this.deps.settings.company(),
      this.deps.settings.global(),
      this.logoPng(),
      findSignature(this.deps.db, job.Id),
    ]);
    return {
      lang,
      company: {
        name: company.CompanyName,
        street: company.AddressStreet,
        zipAndCity: company.AddressZipAndCity,
        phone: company.Telephone,
        email: company.Email,
      },
      logo,
      job,
      codes,
      printed: toLocalDateTime(this.deps.clock.now(), global.TimeZone),
      signature: signature && {
        png: signature.png,
        name: signature.signerName,
        signed: toLocalDateTime(signature.signedAt, global.TimeZone),
      },
    };
  }

  private async logoPng(): Promise<Buffer | null> {
    const uploaded = await this.deps.logo();
    defaultLogo ??= readFile(DEFAULT_LOGO);
    const data = uploaded?.data ?? (await defaultLogo);
    const key = createHash('sha1').update(data).digest('hex');
    if (this.logo?.key !== key) this.logo = { key, png: pngForPrint(data, 160) };
    return this.logo.png;
  }
}

function codeIdsOf(job: Job): CodeIds {
  const ids = (pick: (s: Job['InverseParent'][number]) => number | null) =>
    [...new Set(job.InverseParent.map(pick))].filter((v): v is number => v !== null);
  return {
    warranty: ids((s) => s.WarrentyTypeId),
    place: ids((s) => s.RepairPlaceId),
    category: ids((s) => s.JobCategoryId),
    failure: ids((s) => s.SupplierFailureCodeId),
  };
}
