import { randomUUID } from 'node:crypto';
import { mkdtempSync, openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type FileStoreConfig, type Limits, loadConfig } from '../src/config.ts';
import { type Database, openEmbedded, openPostgres } from '../src/db/database.ts';
import { machines } from '../src/db/schema/index.ts';
import type { Clock, Sleep } from '../src/infra/clock.ts';
import type { EntraConfig } from '../src/infra/entra.ts';
import type { DispatchLimits } from '../src/modules/appointments/dispatch.service.ts';
import { labelSecretOf, labelTokenHash, labelTokenOf } from '../src/modules/machines/label-token.ts';

/**
 * Integration tests run on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it):
 * `engines` lists what this run covers. Each test file gets a database of its own.
 */
export const engines: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export async function openTestDatabase(engine: 'pglite' | 'postgres'): Promise<Database & { url?: string }> {
  // Copies of the database global-setup.ts migrated once (the migrations still run, and find nothing to do).
  if (engine === 'pglite') return openEmbedded(null, await openAsBlob(inject('pgliteSnapshot')));
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** A settable clock for tests of expiry. */
export function testClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start;
  return { now: () => now, advance: (ms) => (now = new Date(now.getTime() + ms)), set: (d) => (now = d) };
}

/**
 * argon2id at a small cost (1 MiB, 1 pass: ~0.3 ms): tests sign in, make users and change passwords
 * thousands of times, and the production cost spent ~20 ms of CPU on each (decision 104). Served
 * processes always hash at PRODUCTION_PASSWORD_COST (test/unit/password-cost.test.ts).
 */
const TEST_PASSWORD_COST = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

/** A test server's configuration: uploads go to a folder of its own, never the developer's ./data. */
export function testConfig() {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fp-test-')),
    TOKEN_SECRET: 'test-secret-test-secret-test-secret-123',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    // No call of a test is turned away for waiting its turn on a slow machine (decision 059); the
    // admission's bounds are tested with limits of their own (fair-use.test.ts).
    REQUEST_QUEUE_WAIT_MS: '600000',
  });
  return { ...config, passwordHashCost: TEST_PASSWORD_COST };
}

export async function startTestApp(
  engine: 'pglite' | 'postgres',
  opts: {
    clock?: Clock;
    /**
     * How a slowed sign-in waits (decision 058). By default a test server does not wait but keeps the
     * asked waits in `sleeps`, so failed sign-ins cost a test no time.
     */
    sleep?: Sleep;
    /** A built web app to serve instead of none. */
    webDist?: string;
    /** A Nominatim-compatible service to geocode with instead of the built-in town list. */
    geocoderUrl?: string;
    /** An OSRM-compatible service to route with instead of straight legs. */
    osrmUrl?: string;
    /** An SMTP server to send mail through instead of recording it only. */
    smtpUrl?: string;
    /** MAP_STYLE_URL: the style the planner's map is told to draw. */
    mapStyleUrl?: string;
    /** MAP_SATELLITE_STYLE_URL: the style of the map's 'Satellite' type. */
    mapSatelliteStyleUrl?: string;
    /**
     * PostgreSQL only: the database of another test server, so that two servers share one database as
     * two processes would (the first one drops it when it closes).
     */
    databaseUrl?: string;
    /** PGlite only: the embedded database kept in this folder (its `pglite`), as a served process keeps DATA_DIR's. */
    embeddedDir?: string;
    /**
     * Keep the hot reads' answers as a served server does. Off unless asked: tests write with the
     * factories, behind the API's back, where no change event tells the cache.
     */
    answerCache?: boolean;
    /** The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY). */
    trustProxy?: number | string[];
    /** null: no TOKEN_SECRET, so the signing keys are the database's (issue 17). */
    tokenSecret?: null;
    /** ROLE and METRICS_TOKEN (issue 17), METRICS_PUBLIC (issue 29). */
    role?: 'web' | 'worker';
    metricsToken?: string;
    metricsPublic?: boolean;
    /** Microsoft sign-in (ENTRA_*): the tenant, client id and where the test's key set is served. */
    entra?: EntraConfig;
    /** Run the task worker as a served process does (tests of shutdown); off: tests drain themselves. */
    taskWorker?: boolean;
    /** The file store (issue 17): the local folder `uploads` unless asked for PostgreSQL or S3. */
    files?: FileStoreConfig;
    /** Admission and heavy-work limits (decision 059), small to reach them with a few calls. */
    limits?: Partial<Limits>;
    /** Awaited in the heavy-work pool's turn before each PDF or workbook: holds one in flight. */
    heavyWorkGate?: () => Promise<void>;
    /** When a plan proposal runs as a task (decision 066): lowered to reach the task with a few jobs. */
    dispatch?: Partial<DispatchLimits>;
  } = {},
) {
  const database: Database & { url?: string } = opts.databaseUrl
    ? { ...(await openPostgres(opts.databaseUrl)), url: opts.databaseUrl }
    : opts.embeddedDir
      ? await openEmbedded(opts.embeddedDir)
      : await openTestDatabase(engine);
  const base = testConfig();
  const config = {
    ...base,
    ...(opts.limits ? { limits: { ...base.limits, ...opts.limits } } : {}),
    ...(opts.webDist ? { webDist: opts.webDist } : {}),
    ...(opts.geocoderUrl ? { geocoderUrl: opts.geocoderUrl } : {}),
    ...(opts.osrmUrl ? { osrmUrl: opts.osrmUrl } : {}),
    ...(opts.smtpUrl ? { smtpUrl: opts.smtpUrl } : {}),
    ...(opts.mapStyleUrl ? { mapStyleUrl: opts.mapStyleUrl } : {}),
    ...(opts.mapSatelliteStyleUrl ? { mapSatelliteStyleUrl: opts.mapSatelliteStyleUrl } : {}),
    ...(opts.trustProxy !== undefined ? { trustProxy: opts.trustProxy } : {}),
    ...(opts.tokenSecret === null ? { tokenSecret: undefined } : {}),
    ...(opts.role ? { role: opts.role } : {}),
    ...(opts.metricsToken ? { metricsToken: opts.metricsToken } : {}),
    ...(opts.metricsPublic ? { metricsPublic: true } : {}),
    ...(opts.entra ? { entra: opts.entra } : {}),
    ...(opts.files ? { files: opts.files } : {}),
  };
  const sleeps: number[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    // Tests run background tasks themselves (services.tasks.drain()), so nothing runs behind their back.
    taskWorker: opts.taskWorker ?? false,
    answerCache: opts.answerCache ?? false,
    ...(opts.clock ? { clock: opts.clock } : {}),
    sleep: opts.sleep ?? (async (ms) => void sleeps.push(ms)),
    ...(opts.heavyWorkGate ? { heavyWorkGate: opts.heavyWorkGate } : {}),
    ...(opts.dispatch ? { dispatch: opts.dispatch } : {}),
  });
  await app.ready();
  // The same secret the server read or made (LABEL_SECRET unset: DATA_DIR/label-secret, decision 087).
  const labelSecret = await labelSecretOf(config);
  return {
    app,
    db: database.db,
    labelSecret,
    /**
     * Prints a machine's QR label as qr/Link does (decision 087): the token of its current nonce, whose
     * hash is kept so the token opens the label's form.
     */
    labelToken: async (machineId: number) => {
      const [row] = await database.db
        .select({ nonce: machines.labelNonce })
        .from(machines)
        .where(eq(machines.id, machineId));
      const token = labelTokenOf(labelSecret, machineId, row!.nonce);
      await database.db
        .update(machines)
        .set({ labelTokenHash: labelTokenHash(token) })
        .where(eq(machines.id, machineId));
      return token;
    },
    /** PostgreSQL only: the test database's address (see `databaseUrl`). */
    databaseUrl: database.url,
    /** The waits slowed sign-ins asked for, in order (when no `sleep` was handed in). */
    sleeps,
    /** Where this server stores uploaded files (the local store), or finds older ones (the others). */
    uploads: config.uploadsDir,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
