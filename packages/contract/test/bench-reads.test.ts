import { describe, expect, it } from 'vitest';
import { READ_POSTS, READ_ROWS, SEARCH_ROUTES } from '../../../bench/read-rows.ts';
import { webCallNames } from '../../../scripts/web-calls.ts';
import { api, manifestOf } from '../src/index.ts';

// Issue 33 item 1, decision 088: every read the web app makes has a row in `npm run bench`, measured on
// the large company on PostgreSQL with ANSWER_CACHE=0 (bench/read-rows.ts, bench/reads-search.ts).

/**
 * The web app's reads with no bench row yet, each with why. This list must only shrink: a read in
 * neither it nor a bench row fails the test, and so does a read listed here that has a row.
 */
const NOT_YET_MEASURED: Record<string, string> = {
  // Anonymous pages reached by a link's token (the sign-in, the customer's status and label pages):
  // they need a token made for the run.
  tokenEntraId: 'sign-in with Entra ID: needs an Entra token',
  validateOtp: 'one-time code: needs a code sent for the run',
  portal: 'the customer portal: needs a portal user',
  labelPage: "a machine label's page: needs a label token",
  labelMachine: "a machine label's machine: needs a label token",
  statusPage: "a job's status page: needs a status-link token",
  // Files: PDFs and images made on request, not lists or details; their class has no budget yet.
  logo: 'the report logo (binary)',
  hazardAnalysis: 'hazard analysis PDF',
  serviceReport: 'service report PDF',
  statusReport: "the status page's service report PDF",
  qrConvertUrlToImage: 'QR image',
  resourceGet: 'a stored file',
  exportFile: 'an export file',
  importTemplate: 'an import template file',
  // Reads of records the large company does not hold (made by a write in the run first).
  qrLink: 'needs QR codes',
  qrCreateList: 'makes a list of new QR codes',
  importGet: 'needs an import file',
  appointmentProposedPlan: 'needs a proposal task (bench:dispatch-xl-api measures the week proposal)',
  checklistGet: 'needs a started checklist',
  jobPart: 'needs a part line id',
  jobTimeLine: 'needs a time line id',
  orderTotal: 'needs an order id',
  entityDocuments: 'needs documents',
  partLookup: 'needs an article number per job',
  jobCategoryArticlesFiltered: 'needs a job category with articles',
  settingsGroupGet: 'settings group: name per request',
  kpiOptions: 'needs KPI settings',
  // Read-only POSTs that compute rather than list.
  appointmentAvailable: 'ranks technicians by inserted driving: a solver call',
  appointmentProposePlan: 'the week proposal: bench:dispatch-xl-api',
};

const webReads = (): string[] => {
  const manifest = manifestOf(api);
  return webCallNames(Object.keys(manifest)).filter(
    (name) => manifest[name]!.method === 'GET' || (READ_POSTS as readonly string[]).includes(name),
  );
};
const benched = new Set<string>([...SEARCH_ROUTES, ...READ_ROWS.flatMap((r) => r.routes)]);

describe("the bench's rows of the web app's reads", () => {
  it('measure every read the web app makes, or list it as not yet measured', () => {
    const missing = webReads().filter((name) => !benched.has(name) && !(name in NOT_YET_MEASURED));
    // Joined, so the failure names every one of them.
    expect(missing.join(', '), 'reads the web app makes with no bench row').toBe('');
  });

  it('keep the not-yet-measured list to reads that still lack a row and that the web app still makes', () => {
    const reads = new Set(webReads());
    expect(Object.keys(NOT_YET_MEASURED).filter((name) => benched.has(name) || !reads.has(name))).toEqual([]);
  });

  it('count as reads all the POSTs named like one', () => {
    const manifest = manifestOf(api);
    const looksRead = webCallNames(Object.keys(manifest)).filter(
      (name) =>
        manifest[name]!.method === 'POST' && /Filtered|search|Nearby|available/i.test(manifest[name]!.path),
    );
    expect(looksRead.filter((name) => !(READ_POSTS as readonly string[]).includes(name))).toEqual([]);
  });

  it('ask a different record on each request of a row that reads records', () => {
    const sample = {
      jobs: [1, 2],
      customers: [3, 4],
      machines: [5, 6],
      technicians: [7, 8],
      users: [7, 9],
      appointments: [10, 11],
      articleNumbers: ['A1', 'A2'],
      stores: [12, 13],
      contacts: [14, 15],
      mondays: ['2026-11-23', '2026-11-16'],
      refs: {},
      technicianTokens: ['t1', 't2'],
    };
    const jobGet = READ_ROWS.find((r) => r.routes.includes('jobGet'))!;
    expect(jobGet.requests(sample).map((r) => r.path)).toEqual(['job/1', 'job/2']);
    const week = READ_ROWS.find((r) => r.routes.includes('schedulerDateRange'))!;
    expect(week.requests(sample).map((r) => r.path)).toEqual([
      'Scheduler/DateRange/?date1=2026-11-23&date2=2026-11-30',
      'Scheduler/DateRange/?date1=2026-11-16&date2=2026-11-23',
    ]);
    // A technician's own visits are asked as each technician in turn, as the web app asks them.
    const visits = READ_ROWS.find((r) => r.routes.includes('appointmentDateRange'))!.requests(sample);
    expect(visits.slice(0, 2)).toEqual([
      {
        path: 'Appointment/DateRange/?date1=2026-11-23&date2=2026-11-26&includeJob=true&mine=true',
        token: 't1',
      },
      {
        path: 'Appointment/DateRange/?date1=2026-11-24&date2=2026-11-27&includeJob=true&mine=true',
        token: 't1',
      },
    ]);
    expect(new Set(visits.map((v) => v.token))).toEqual(new Set(['t1', 't2']));
  });
});
