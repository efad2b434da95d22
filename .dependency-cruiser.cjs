/**
 * Import rules of the web app (docs/decisions/018-web-import-rules.md) and the server (076), run by
 * `npm run check`. Server layers, lowest first: `db`, `infra` → `modules/common` (the shared kernel) →
 * `http` → `modules/<area>` → `app.ts`, `seed`, `dev`.
 * Layers, lowest first: `lib`, `components` (with `i18n`, `theme`) → `features/<area>` → `app`.
 * An import may only point down or sideways within its own layer; features never import each other.
 * Unit tests and the test harness (`src/test`) may reach up to build the whole app; cycles are checked
 * in the web app and the contract, dynamic `import()` included. Across the repository: the contract
 * imports nothing of ours, and the two apps do not import each other; the server's code loads no
 * devDependency (the image has none).
 */
const WEB = '^apps/web/src';
const TEST = '(\\.test\\.tsx?$|^apps/web/src/test/)';
const SERVER = '^apps/server/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Imports run one way: a cycle (static or through import()) means a layer reaches back up. In the server ' +
        'too: tables that refer to each other share one schema file (db/schema/organisation.ts, decision 076).',
      from: { path: '^(apps/web|apps/server|packages/contract|packages/dispatch)/' },
      to: { circular: true },
    },
    {
      name: 'no-feature-to-other-feature',
      severity: 'error',
      comment:
        'features/X may import only features/X; what two features share belongs in lib/ or components/.',
      from: { path: `${WEB}/features/([^/]+)/`, pathNot: TEST },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'no-feature-to-app',
      severity: 'error',
      comment: 'Features are attached to routes by app/; they never import app/.',
      from: { path: `${WEB}/features/`, pathNot: TEST },
      to: { path: [`${WEB}/app/`, `${WEB}/main\\.tsx$`] },
    },
    {
      name: 'no-shared-to-features-or-app',
      severity: 'error',
      comment:
        'lib/, components/, i18n/ and theme/ are the bottom layer: they import neither features/ nor app/.',
      from: { path: `${WEB}/(lib|components|i18n|theme)/`, pathNot: TEST },
      to: { path: [`${WEB}/features/`, `${WEB}/app/`, `${WEB}/main\\.tsx$`] },
    },
    {
      name: 'no-test-support-in-app-code',
      severity: 'error',
      comment: 'Test harness and test data are for tests only.',
      from: { path: WEB, pathNot: `${TEST}|/test-(data|utils)\\.tsx?$` },
      to: { path: [`${WEB}/test/`, '/test-(data|utils|fetch)\\.tsx?$'] },
    },
    {
      name: 'server-modules-use-no-seed-or-dev',
      severity: 'error',
      comment:
        'seed/ (reference data, demo accounts) and dev/ (demo data, test factories) build databases; they may ' +
        "use the modules, never the other way round. A rule's constant lives in the contract (JOB_STATUS) or its module.",
      from: { path: `${SERVER}/(modules|http|infra|db)/`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SERVER}/(seed|dev)/` },
    },
    {
      name: 'server-http-imports-no-module',
      severity: 'error',
      comment:
        'http/ is the HTTP machinery under every module: it imports no module but modules/common, the shared ' +
        'kernel (caller, errors, database helpers) that every module and http/ may import. What it needs of a ' +
        "module comes through an interface the app factory fills (RouteGuard: the session module's AuthGuard).",
      from: { path: `${SERVER}/http/` },
      to: { path: `${SERVER}/modules/`, pathNot: `${SERVER}/modules/common/` },
    },
    {
      name: 'server-http-runs-no-sql',
      severity: 'error',
      comment:
        "http/ runs no SQL of its own: the tables and Drizzle are the repositories' (the Idempotency-Key store " +
        'is modules/common/idempotency.repository.ts).',
      from: { path: `${SERVER}/http/` },
      to: { path: [`${SERVER}/db/schema/`, '^node_modules/drizzle-orm/'] },
    },
    {
      name: 'server-sql-only-in-repositories',
      severity: 'error',
      comment:
        'In a module, SQL is written only in its <area>.repository.ts (decisions 019, 101): no other file loads ' +
        'Drizzle or a table (a type-only import of a row type or the Db handle is fine). The scope helpers ' +
        '(jobs/job-scope.ts) build where clauses for repositories; modules/common, the kernel, holds the ' +
        'database helpers.',
      from: {
        path: `${SERVER}/modules/`,
        pathNot: [`${SERVER}/modules/common/`, '\\.repository\\.ts$', '-scope\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: ['^node_modules/drizzle-orm/', `${SERVER}/db/`], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-scope-built-in-repositories',
      severity: 'error',
      comment:
        'Which rows a caller may see is built in the repository from the caller (decision 101): a service hands ' +
        'the repository the AuthUser, never a where clause, so only repositories import the scope helpers. ' +
        'The files listed in pathNot still build scope in the service (issue 34.3): the list only shrinks.',
      from: {
        path: `${SERVER}/modules/`,
        pathNot: [
          '\\.repository\\.ts$',
          '-scope\\.ts$',
          '\\.test\\.ts$',
          `${SERVER}/modules/(agreements/(contracts|service-agreements)|appointments/appointments|change-logs/change-logs|counters/counters|customers/(addresses|customers)|dashboard/dashboard|jobs/(job-record|job-list)|machines/machines|maps/maps)\\.service\\.ts$`,
          `${SERVER}/modules/live-events/audience\\.ts$`,
        ],
      },
      to: { path: [`${SERVER}/modules/common/scope\\.ts$`, `${SERVER}/modules/jobs/job-scope\\.ts$`] },
    },
    {
      name: 'server-common-imports-no-module-or-http',
      severity: 'error',
      comment: 'modules/common, the shared kernel, imports no other module and nothing of http/.',
      from: { path: `${SERVER}/modules/common/` },
      to: { path: [`${SERVER}/modules/`, `${SERVER}/http/`], pathNot: `${SERVER}/modules/common/` },
    },
    {
      name: 'server-no-foreign-repository',
      severity: 'error',
      comment:
        "A module uses another through that module's services, policies or its <area>.api.ts (what other " +
        "modules may use of it), never through its repositories. modules/common's are the shared kernel's.",
      from: { path: `${SERVER}/modules/([^/]+)/` },
      to: {
        path: `${SERVER}/modules/[^/]+/.*\\.repository\\.ts$`,
        pathNot: [`${SERVER}/modules/$1/`, `${SERVER}/modules/common/`],
      },
    },
    {
      name: 'server-modules-take-only-http-from-http',
      severity: 'error',
      comment:
        'The domain types live in modules/common (AuthUser and Caller in caller.ts; AppError and the refusals, ' +
        'validationFailed among them, in errors.ts; the Idempotency-Key of the request, idempotency-context.ts). ' +
        'From http/ a module takes only what is HTTP: the handler types and RouteGuard (context.ts), the ' +
        'Authorization header (authorization-header.ts), Content-Disposition, the request id, and the ' +
        "storable-text check of a multipart call's parts.",
      from: { path: `${SERVER}/modules/` },
      to: {
        path: `${SERVER}/http/`,
        pathNot: `${SERVER}/http/(context|authorization-header|content-disposition|request-id|storable-text)\\.ts$`,
      },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/contract is imported by both apps and imports neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'dispatch-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'packages/dispatch (the day-plan solver) is pure and stands alone: no app, bench or contract code.',
      from: { path: '^packages/dispatch/' },
      to: { path: '^(apps|e2e|bench|packages/contract)/' },
    },
    {
      name: 'dispatch-does-no-io',
      severity: 'error',
      comment: 'The solver has no I/O: no Node built-in modules (its clock is injected or performance.now).',
      from: { path: '^packages/dispatch/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      comment: 'The server and the web app share code only through packages/contract.',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'server-runs-on-its-dependencies',
      severity: 'error',
      comment:
        "The image installs only the server's dependencies (Dockerfile: npm ci --omit=dev): a package its " +
        'code loads at run time must not be a devDependency.',
      from: { path: '^apps/server/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages)/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
