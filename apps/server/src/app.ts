import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Api, api, UPLOAD_MAX_BYTES } from '@fieldport/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ensureNightlyPlans, startLiveHub } from './app-background.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { Admission, installAdmission } from './http/admission.ts';
import { AnswerCache, installAnswerCache } from './http/answer-cache.ts';
import type { Handler, Handlers } from './http/context.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installGracefulClose } from './http/graceful-close.ts';
import { installIdempotency } from './http/idempotency.ts';
import { installMetrics } from './http/metrics.ts';
import { finishDocument } from './http/openapi-document.ts';
import { openApiTransform } from './http/openapi-errors.ts';
import { addExamples } from './http/openapi-examples.ts';
import { rateLimitSettings, routeRateLimits } from './http/rate-limits.ts';
import { registerContract } from './http/register-contract.ts';
import { installRequestIds, requestIdOf } from './http/request-id.ts';
import { responseSerializer } from './http/response-serializer.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { type Clock, type Sleep, systemClock, timerSleep } from './infra/clock.ts';
import { createEntraVerifier } from './infra/entra.ts';
import { createGeocoder, type Geocoder } from './infra/geocoder.ts';
import { createMailer, type Mailer } from './infra/mailer.ts';
import { createRouter, type Router } from './infra/router.ts';
import { createSmsSender, type SmsSender } from './infra/sms.ts';
import { accountHandlers } from './modules/account/account.routes.ts';
import { AccountService } from './modules/account/account.service.ts';
import { contractOfMachine } from './modules/agreements/agreements.api.ts';
import { subscribeAgreements } from './modules/agreements/agreements.reactions.ts';
import { agreementHandlers } from './modules/agreements/agreements.routes.ts';
import { ContractTypeService } from './modules/agreements/contract-types.service.ts';
import { ContractService } from './modules/agreements/contracts.service.ts';
import { NextOrderService } from './modules/agreements/next-orders.service.ts';
import { ServiceAgreementService } from './modules/agreements/service-agreements.service.ts';
import { appointmentHandlers } from './modules/appointments/appointments.routes.ts';
import { AppointmentService } from './modules/appointments/appointments.service.ts';
import { type DispatchLimits, DispatchService } from './modules/appointments/dispatch.service.ts';
import {
  articleHandlers,
  commonPartHandlers,
  jobCategoryArticleHandlers,
} from './modules/articles/articles.routes.ts';
import { ArticleService } from './modules/articles/articles.service.ts';
import { CommonPartService } from './modules/articles/common-parts.service.ts';
import { JobCategoryArticleService } from './modules/articles/job-category-articles.service.ts';
import { changeLogHandlers } from './modules/change-logs/change-logs.routes.ts';
import { ChangeLogService } from './modules/change-logs/change-logs.service.ts';
import { checklistHandlers } from './modules/checklists/checklists.routes.ts';
import { ChecklistService } from './modules/checklists/checklists.service.ts';
import { codeHandlers } from './modules/codes/codes.routes.ts';
import { CodeService } from './modules/codes/codes.service.ts';
import { SupportLogService } from './modules/codes/support-log.service.ts';
import { DomainEvents } from './modules/common/domain-events.ts';
import { HeavyWork } from './modules/common/heavy-work.ts';
import { onCommitted } from './modules/common/outbox.ts';
import { counterHandlers } from './modules/counters/counters.routes.ts';
import { CounterService } from './modules/counters/counters.service.ts';
import { customerGroupHandlers } from './modules/customer-groups/customer-groups.routes.ts';
import { CustomerGroupService } from './modules/customer-groups/customer-groups.service.ts';
import { AddressesAndContactsService } from './modules/customers/addresses.service.ts';
import { customerHandlers } from './modules/customers/customers.routes.ts';
import { CustomerService } from './modules/customers/customers.service.ts';
import { dashboardHandlers } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { departmentHandlers } from './modules/departments/departments.routes.ts';
import { DepartmentService } from './modules/departments/departments.service.ts';
import { documentHandlers } from './modules/documents/documents.routes.ts';
import { DocumentService } from './modules/documents/documents.service.ts';
import { resourceHandlers } from './modules/documents/resource-files.routes.ts';
import { faultReportHandlers } from './modules/fault-reports/fault-reports.routes.ts';
import { FaultReportService } from './modules/fault-reports/fault-reports.service.ts';
import { importHandlers } from './modules/imports/imports.routes.ts';
import { ImportService } from './modules/imports/imports.service.ts';
import { jobLookupHandlers } from './modules/job-lookups/job-lookups.routes.ts';
import { JobLookupService } from './modules/job-lookups/job-lookups.service.ts';
import { JobMessageService } from './modules/job-messages/job-messages.service.ts';
import { jobStatusAdminHandlers } from './modules/job-statuses/job-statuses.routes.ts';
import { JobStatusAdminService } from './modules/job-statuses/job-statuses.service.ts';
import { jobHandlers } from './modules/jobs/job-list.routes.ts';
import { JobListService } from './modules/jobs/job-list.service.ts';
import { jobRecordHandlers } from './modules/jobs/job-record.routes.ts';
import { JobRecordService, type TravelHook } from './modules/jobs/job-record.service.ts';
import { existingIds } from './modules/jobs/jobs.api.ts';
import { MachineJobService } from './modules/jobs/machine-jobs.service.ts';
import { kpiHandlers } from './modules/kpi/kpi.routes.ts';
import { KpiService } from './modules/kpi/kpi.service.ts';
import { labelReportHandlers } from './modules/label-reports/label-reports.routes.ts';
import { LabelReportService } from './modules/label-reports/label-reports.service.ts';
import { LeadMailService } from './modules/leads/lead-mail.service.ts';
import { leadHandlers } from './modules/leads/leads.routes.ts';
import { LeadService } from './modules/leads/leads.service.ts';
import type { LiveHub } from './modules/live-events/hub.ts';
import { insertSmsLog } from './modules/logs/logs.repository.ts';
import { logHandlers } from './modules/logs/logs.routes.ts';
import { LogService } from './modules/logs/logs.service.ts';
import { labelSecretOf } from './modules/machines/label-token.ts';
import { machineHandlers } from './modules/machines/machines.routes.ts';
import { MachineService } from './modules/machines/machines.service.ts';
import { insertMailLog } from './modules/mail-log/mail-log.repository.ts';
import { mailLogHandlers } from './modules/mail-log/mail-log.routes.ts';
import { MailLogService } from './modules/mail-log/mail-log.service.ts';
import { mapHandlers } from './modules/maps/maps.routes.ts';
import { MapService } from './modules/maps/maps.service.ts';
import { openOrderHandlers } from './modules/open-orders/open-orders.routes.ts';
import { OpenOrdersService } from './modules/open-orders/open-orders.service.ts';
import { JobTimeService } from './modules/order-lines/job-time.service.ts';
import { subscribeOrderLines } from './modules/order-lines/order-lines.reactions.ts';
import { orderLineHandlers } from './modules/order-lines/order-lines.routes.ts';
import { OrderLineService } from './modules/order-lines/order-lines.service.ts';
import { PartsService } from './modules/order-lines/parts.service.ts';
import { InvoiceService } from './modules/orders/invoice.service.ts';
import { orderHandlers } from './modules/orders/orders.routes.ts';
import { OrderService } from './modules/orders/orders.service.ts';
import { partnerCompanyHandlers } from './modules/partner-companies/partner-companies.routes.ts';
import { PartnerCompanyService } from './modules/partner-companies/partner-companies.service.ts';
import { MachineModelService } from './modules/pim/machine-models.service.ts';
import { machineModelHandlers, referenceHandlers } from './modules/pim/pim.routes.ts';
import { ReferenceService } from './modules/pim/reference.service.ts';
import { projectHandlers } from './modules/projects/projects.routes.ts';
import { ProjectService } from './modules/projects/projects.service.ts';
import { qrHandlers } from './modules/qr/qr.routes.ts';
import { QrService } from './modules/qr/qr.service.ts';
import { JobSignatureService } from './modules/reports/job-signature.service.ts';
import { reportDrawer } from './modules/reports/report-drawer.ts';
import { reportHandlers } from './modules/reports/reports.routes.ts';
import { ReportService } from './modules/reports/reports.service.ts';
import { fileStoreOf } from './modules/resources/file-stores.ts';
import { AuthGuard } from './modules/session/auth-guard.ts';
import { sessionHandlers } from './modules/session/session.routes.ts';
import { SessionService } from './modules/session/session.service.ts';
import { tokenServiceOf } from './modules/session/token-service.ts';
import type { TokenService } from './modules/session/tokens.ts';
import { UserCache } from './modules/session/user-cache.ts';
import { findUserById } from './modules/session/users.repository.ts';
import { settingsHandlers } from './modules/settings/settings.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { SettingsAdminService } from './modules/settings/settings-admin.service.ts';
import { statusLinkHandlers } from './modules/status-links/status-links.routes.ts';
import { StatusLinkService } from './modules/status-links/status-links.service.ts';
import { stockHandlers } from './modules/stock/stock.routes.ts';
import { StockChangesService } from './modules/stock/stock-changes.service.ts';
import { StoresService } from './modules/stock/stores.service.ts';
import { supportTicketHandlers } from './modules/support-tickets/support-tickets.routes.ts';
import { SupportTicketService } from './modules/support-tickets/support-tickets.service.ts';
import { ExportService } from './modules/tasks/exports.service.ts';
import { TaskQueue } from './modules/tasks/task-queue.ts';
import { waitingTaskCount } from './modules/tasks/tasks.repository.ts';
import { taskHandlers } from './modules/tasks/tasks.routes.ts';
import { TaskService } from './modules/tasks/tasks.service.ts';
import { timeReportHandlers } from './modules/time-report/time-report.routes.ts';
import { TimeReportService } from './modules/time-report/time-report.service.ts';
import { userHandlers } from './modules/users/users.routes.ts';
import { UserService } from './modules/users/users.service.ts';
import { VERSION } from './version.ts';
import { serveWeb } from './web/serve-web.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** How a slowed sign-in waits (decision 058): a timer; tests hand in one that records the wait. */
  sleep?: Sleep;
  mailer?: Mailer;
  /** The SMS sender; by default texts are recorded in the SMS log (no provider in this assembly). */
  sms?: SmsSender;
  geocoder?: Geocoder;
  router?: Router;
  /** Run the background task worker (default true); tests run tasks themselves with services.tasks.drain(). */
  taskWorker?: boolean;
  /** Keep the hot reads' answers (default: config.answerCache); tests that write behind the API's back turn it off. */
  answerCache?: boolean;
  logger?: boolean;
  /** Tests only: awaited in the heavy-work pool's turn before each PDF or workbook, to hold one in flight. */
  heavyWorkGate?: () => Promise<void>;
  /** When a plan proposal runs as a task and how (decision 066); tests lower the thresholds. */
  dispatch?: Partial<DispatchLimits>;
}

export interface AppServices {
  settings: SettingsService;
  tokens: TokenService;
  clock: Clock;
  tasks: TaskQueue;
  live: LiveHub;
  /** The API's admission control (decision 059): its turns running and waiting. */
  admission: Admission;
  /** Graceful close of the listening server (SIGTERM): drains the connections, then closes the app. */
  shutdown(): Promise<void>;
}

/** API calls run at once when MAX_ACTIVE_REQUESTS is unset: the embedded database runs one query at a time. */
const DEFAULT_MAX_ACTIVE = { pglite: 16, postgres: 40 } as const;

/** The calls that are heavy work: their own bounded pool with a share per user (decision 059). */
const HEAVY_ROUTES = ['serviceReport', 'hazardAnalysis', 'timeReportExport'];

/** What a worker process (ROLE=worker) answers: a load balancer's and Prometheus's calls. */
const WORKER_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Builds the whole server (API, docs, web app) without listening: main.ts listens, tests inject. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance & { services: AppServices }> {
  const { config, database } = opts;
  const proxies = config.trustProxy;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    // A proxy's X-Request-Id is kept (a new id otherwise): logs of one call match across processes.
    genReqId: requestIdOf,
    // A connection that sends nothing for 30 s, a request not received in full within 30 s (002 §9:
    // the client gives up at 30 s too) and headers not complete within 10 s are cut: a slow sender
    // cannot hold a connection. Node checks these every second (its default is every 30 s, which let a
    // slow-header connection live 70 s).
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    http: { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
    // Registering and compiling the 330-odd routes' schemas took over Fastify's default 10 s once on
    // a busy 2-core machine (CI: 'Plugin did not start in time'); a slow start is not a failed one.
    pluginTimeout: 120_000,
    // Behind a reverse proxy, the caller's address (the sign-in throttle's key) from X-Forwarded-For.
    trustProxy: typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Under vitest every answer is also checked against the zod schema (response-serializer.ts).
  app.setSerializerCompiler(responseSerializer({ verify: process.env.VITEST === 'true' }));
  app.decorateRequest('authUser', null);
  // First of the hooks: while stopping, every call is answered 503 before anything else runs.
  const closeGracefully = installGracefulClose(app);
  installRequestIds(app);
  // A worker (ROLE=worker) runs the background tasks and answers only its health and metrics.
  if (config.role === 'worker')
    app.addHook('onRequest', async (req, reply) => {
      if (!WORKER_PATHS.has(req.url.split('?')[0] ?? ''))
        return reply.code(404).send({ Message: 'Not found.' });
    });
  // Next: at most so many API calls run at once and a few wait; the rest are answered 503 (decision 059).
  const { limits } = config;
  const admission = new Admission({
    maxActive: limits.maxActiveRequests ?? DEFAULT_MAX_ACTIVE[database.kind],
    queue: limits.requestQueue,
    waitMs: limits.requestQueueWaitMs,
  });
  installAdmission(app, admission);
  const heavy = new HeavyWork(
    {
      concurrency: limits.heavyWorkConcurrency,
      queue: limits.heavyWorkQueue,
      perUser: limits.heavyWorkPerUser,
    },
    opts.heavyWorkGate,
  );
  // The PDFs are drawn in as many worker threads as pieces of heavy work run at once.
  const drawer = reportDrawer(limits.heavyWorkConcurrency);
  app.addHook('onClose', async () => drawer.close());
  let liveConnections = () => 0;
  installMetrics(
    app,
    {
      pool: database.poolStats,
      queueDepth: () => waitingTaskCount(database.db),
      liveConnections: () => liveConnections(),
    },
    { token: config.metricsToken, public: config.metricsPublic },
  );

  installSecurityHeaders(app);
  // The hot reads' answers, kept until the data changes (decision 027).
  const answers = (opts.answerCache ?? config.answerCache) ? new AnswerCache() : undefined;
  if (answers) installAnswerCache(app, answers);
  // Before every route and @fastify/static: the hook applies to routes registered after it. JSON and
  // the web build go out as br or gzip when asked (1 KiB and up); images are left as they are.
  // Only responses: request bodies are read as sent (no client of ours compresses them).
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(formbody);
  // Uploads: an image and a JSON part per entity; the image is checked by content (FileStore). Document
  // uploads set their own larger limits (modules/documents/upload.ts).
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 2, fields: 10, parts: 12 } });
  await app.register(rateLimit, rateLimitSettings(opts.clock ?? systemClock));
  await app.register(swagger, {
    openapi: { info: { title: 'Fieldport API', version: VERSION.Version } },
    transform: openApiTransform,
    // An example per call, made when the document is first asked for (then cached), never at start.
    transformObject: (doc) =>
      finishDocument(addExamples('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject)),
  });
  await app.register(swaggerUi, { routePrefix: '/api2/docs', staticCSP: true });
  installErrorHandling(app);

  const db = database.db;
  const clock = opts.clock ?? systemClock;
  const settings = new SettingsService(db);
  const { tokens, stop: stopTokenKeys } = await tokenServiceOf(config, database);
  app.addHook('onClose', async () => stopTokenKeys());
  // The label tokens' secret, outside the database (decision 087).
  const labelSecret = await labelSecretOf(config);
  // The session check reads users from memory; a committed change of a user drops its row at once.
  const users = new UserCache((id) => findUserById(db, id));
  // An ended sign-in (logout, reused refresh token) refuses its access tokens at once (decision 024).
  const observeSessions = (e: { entity: string; entityId: string | number }) => {
    if (e.entity === 'user') users.forget(Number(e.entityId));
    if (e.entity === 'session') tokens.endSession(String(e.entityId), clock.now());
  };
  const stopWatchingUsers = onCommitted((events) => {
    answers?.changed();
    for (const e of events) observeSessions(e);
  });
  app.addHook('onClose', async () => stopWatchingUsers());
  const guard = new AuthGuard({ db, tokens, settings, clock, users });
  const mailer =
    opts.mailer ??
    createMailer((entry) => insertMailLog(db, entry), {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      onError: (err) => app.log.error({ err }, 'mail log'),
    });
  const sms = opts.sms ?? createSmsSender((entry) => insertSmsLog(db, entry));
  const geocoder = opts.geocoder ?? createGeocoder(config.geocoderUrl, (msg) => app.log.warn(msg));
  const router = opts.router ?? createRouter(config.osrmUrl, (msg) => app.log.warn(msg));
  const sessionDeps = {
    db,
    tokens,
    settings,
    clock,
    sleep: opts.sleep ?? timerSleep,
    signInMaxDelayMs: config.signInMaxDelayMs,
    mailer,
    guard,
    secret: tokens.codeSecret,
    // The hub is made below; the user info asks it at request time.
    eventSequence: () => live.sequence,
    mapStyleUrl: config.mapStyleUrl,
    mapSatelliteStyleUrl: config.mapSatelliteStyleUrl,
    entra: config.entra ? createEntraVerifier(config.entra) : undefined,
    firstTimeSeen: (userId: number) => account.firstTimeSeen(userId),
  };
  const account = new AccountService({ db, settings, clock });
  // Uploads and generated files: the local folder, PostgreSQL or an S3 bucket (decision 053).
  const files = await fileStoreOf(config, db);
  app.addHook('onClose', async () => files.close());
  const documents = new DocumentService({ db, files, settings });

  // What a module tells the modules above it in its change's transaction (decision 096).
  const events = new DomainEvents();
  subscribeAgreements(events);
  subscribeOrderLines(events);
  const settingsAdmin = new SettingsAdminService({
    db,
    settings,
    files,
    events,
    jobCategoryExists: async (id) => (await existingIds(db, 'jobCategory', [id])).length > 0,
  });
  const taskQueue = new TaskQueue(db, {
    log: (msg, err, fields) => app.log[err ? 'error' : 'info']({ err, ...fields }, msg),
    timeZone: async () => (await settings.global()).TimeZone,
  });
  const taskService = new TaskService({ db, settings, queue: taskQueue });
  const exportService = new ExportService({ db, files, settings, queue: taskQueue, tasks: taskService });
  const session = new SessionService(sessionDeps);
  const jobList = new JobListService({ db, settings, clock });
  // A job's new status shows in the status counts at once, not after the lookup cache expires.
  // The job's e-mails and texts, queued in the change that creates a job or moves its status (every
  // path that does: job records, appointments, leads), sent (and retried) by the task worker.
  const jobMessages = new JobMessageService({
    db,
    settings,
    queue: taskQueue,
    mailer,
    sms,
    // A message naming {StatusLink} gets a new link of its job (decision 072); the service is made below.
    statusLink: (jobId: number): Promise<string> => statusLinks.issue(jobId),
  });
  const jobRecords: JobRecordService = new JobRecordService({
    db,
    events,
    settings,
    clock,
    messages: jobMessages,
    // The travelling sub-status sets out (decision 085); the status-link service is made below.
    travel: {
      subStatusSet: (...a: Parameters<TravelHook['subStatusSet']>) => statusLinks.subStatusSet(...a),
    },
  });
  const faultReports = new FaultReportService({ db, jobs: jobRecords });
  const maps = new MapService({ db, settings, geocoder, router });
  const reports = new ReportService({
    db,
    jobs: jobRecords,
    settings,
    clock,
    logo: () => settingsAdmin.logo(),
    heavy,
    drawer,
  });
  // The customer's status link (decision 072): made by the job's messages, set out by "On my way".
  const statusLinks = new StatusLinkService({
    db,
    clock,
    settings,
    maps,
    reports,
    portalUrl: `${config.publicUrl}${config.basePath}`,
    messages: jobMessages,
  });
  // Every declared route must have its handler here: the type fails the build when one is missing.
  const handlers: Handlers<Api> = {
    ...sessionHandlers(session, {
      ...sessionDeps,
      logo: () => settingsAdmin.logo(),
      entraClient: config.entra && {
        ClientId: config.entra.clientId,
        Authority: `${config.entra.authority}/${config.entra.tenantId}`,
      },
    }),
    ...accountHandlers(account),
    ...supportTicketHandlers(new SupportTicketService({ db })),
    ...mailLogHandlers(new MailLogService({ db, settings })),
    ...customerHandlers(
      new CustomerService({ db, settings, geocoder }),
      new AddressesAndContactsService({ db, settings, geocoder }),
    ),
    ...customerGroupHandlers(new CustomerGroupService({ db, files })),
    ...departmentHandlers(new DepartmentService({ db, settings })),
    ...machineHandlers(
      new MachineService({
        db,
        settings,
        labelSecret,
        contractOf: (machineId, day) => contractOfMachine(db, machineId, day),
      }),
    ),
    ...machineModelHandlers(new MachineModelService({ db, files, settings })),
    ...referenceHandlers(new ReferenceService({ db, settings })),
    ...qrHandlers(
      new QrService({ db, labelSecret }),
      config.publicUrl,
      `${config.publicUrl}${config.basePath}`,
    ),
    ...resourceHandlers(files, documents),
    ...changeLogHandlers(new ChangeLogService({ db, settings })),
    ...articleHandlers(new ArticleService({ db, files }), new ChangeLogService({ db, settings })),
    ...jobCategoryArticleHandlers(new JobCategoryArticleService({ db })),
    ...commonPartHandlers(new CommonPartService({ db })),
    ...jobHandlers(jobList),
    ...jobLookupHandlers(new JobLookupService({ db })),
    ...jobStatusAdminHandlers(
      new JobStatusAdminService({ db, forgetLookups: () => jobList.forgetLookups() }),
    ),
    ...appointmentHandlers(
      new AppointmentService({ db, messages: jobMessages }),
      new DispatchService({
        db,
        settings,
        router,
        queue: taskQueue,
        tasks: taskService,
        osrmUrl: config.osrmUrl,
        limits: opts.dispatch,
      }),
    ),
    ...mapHandlers(maps),
    ...settingsHandlers(settingsAdmin),
    ...codeHandlers(new CodeService({ db }), new SupportLogService({ db, settings })),
    ...stockHandlers(new StoresService({ db, settings, clock }), new StockChangesService({ db })),
    ...taskHandlers(taskService, exportService),
    ...importHandlers(new ImportService({ db, files, settings, queue: taskQueue, tasks: taskService })),
    ...jobRecordHandlers(jobRecords, new MachineJobService({ db, settings, jobs: jobRecords, events })),
    ...faultReportHandlers(faultReports),
    ...labelReportHandlers(
      new LabelReportService({ db, clock, settings, jobs: jobList, faultReports, documents, statusLinks }),
    ),
    ...userHandlers(new UserService({ db, settings, session, mailer, clock }), session),
    ...partnerCompanyHandlers(new PartnerCompanyService({ db, settings })),
    ...projectHandlers(new ProjectService({ db, settings })),
    ...leadHandlers(
      new LeadService({
        db,
        settings,
        geocoder,
        messages: jobMessages,
        // The new-lead mail to the Admin's address, queued in the lead's change, sent by the task worker.
        mail: new LeadMailService({ db, settings, queue: taskQueue, mailer }),
      }),
    ),
    ...documentHandlers(documents),
    ...dashboardHandlers(new DashboardService({ db, settings, clock })),
    ...reportHandlers(reports, new JobSignatureService({ db, jobs: jobRecords, clock })),
    ...statusLinkHandlers(statusLinks),
    ...orderLineHandlers(new PartsService({ db }), new JobTimeService({ db }), new OrderLineService({ db })),
    ...orderHandlers(new OrderService({ db }), new InvoiceService({ db })),
    ...timeReportHandlers(new TimeReportService({ db, settings, clock }), heavy),
    ...openOrderHandlers(new OpenOrdersService({ db, clock })),
    ...checklistHandlers(new ChecklistService({ db, settings, jobs: jobRecords })),
    ...kpiHandlers(new KpiService({ db, settings, clock })),
    ...agreementHandlers(
      new ContractService({ db }),
      new ContractTypeService({ db }),
      new ServiceAgreementService({ db, settings }),
      new NextOrderService({ db, settings, clock, jobs: jobRecords, queue: taskQueue, tasks: taskService }),
    ),
    ...counterHandlers(new CounterService({ db, settings, clock, events })),
    ...logHandlers(new LogService({ db, settings, mailer })),
  };
  // Before the routes: its hooks run for each of them (Idempotency-Key of the creation calls, decision 026).
  installIdempotency(app, { db, clock });
  registerContract(
    app,
    api,
    handlers as Record<string, Handler<never>> as never,
    guard,
    {
      ...routeRateLimits,
      ...Object.fromEntries(HEAVY_ROUTES.map((name) => [name, { heavyWork: true }])),
    },
    answers,
  );

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  await serveWeb(app, { webDist: config.webDist, basePath: config.basePath });
  await ensureNightlyPlans(taskQueue);
  const live = startLiveHub(app, {
    database,
    guard,
    clock,
    settings,
    // Changes committed by other server processes: their users' rows and settings are read again.
    observe: (e) => {
      answers?.changed();
      observeSessions(e);
      if (e.entity === 'settings') settings.forgetAll();
    },
    // After the dispatcher's cursor is set: what ended before it is read here, the rest arrives as events.
    onStarted: () => session.loadEndedSessions(),
  });
  liveConnections = () => live.io.engine.clientsCount;
  const worker = opts.taskWorker !== false && config.role !== 'web';
  if (worker) {
    app.addHook('onReady', async () => taskQueue.start());
    app.addHook('onClose', async () => taskQueue.stop());
  }
  // From SIGTERM on no new work is taken: calls are answered 503 (so /readyz too) and the worker claims
  // no further task, while the calls and the task under way finish.
  const shutdown = async () => {
    const stopping = worker ? taskQueue.stop() : Promise.resolve();
    // Calls still waiting for a turn have not started: answered 503 with Connection: close at once.
    await closeGracefully(() => {
      admission.stop();
      heavy.stop();
    });
    await stopping;
  };
  return Object.assign(app, {
    services: { settings, tokens, clock, tasks: taskQueue, live, admission, shutdown },
  }) as unknown as FastifyInstance & {
    services: AppServices;
  };
}
