import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { isStrongPassword, SIGN_IN_DELAY_MAX_MS } from '@fieldport/contract';
import { z } from 'zod';
import type { EntraConfig } from './infra/entra.ts';
import { type PasswordHashCost, PRODUCTION_PASSWORD_COST } from './modules/session/passwords.ts';

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .url(`${name} must be a URL`)
    .refine(
      (v) => protocols.some((p) => v.startsWith(p)),
      `${name} must start with ${protocols.join(' or ')}`,
    )
    .optional();

/** Every configuration variable, validated at boot (README lists them). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  BASE_PATH: z
    .string()
    .default('/portal/')
    .transform((v) => `/${v.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/'))
    .refine(
      (v) => v !== '/' && !v.startsWith('/api2/'),
      'BASE_PATH must be a path prefix other than / and /api2/',
    ),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: url('DATABASE_URL', ['postgres://', 'postgresql://']),
  S3_URL: url('S3_URL', ['s3://']),
  SMTP_URL: url('SMTP_URL', ['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Fieldport <no-reply@fieldport.local>'),
  MAP_STYLE_URL: url('MAP_STYLE_URL', ['http://', 'https://']),
  MAP_SATELLITE_STYLE_URL: url('MAP_SATELLITE_STYLE_URL', ['http://', 'https://']),
  OSRM_URL: url('OSRM_URL', ['http://', 'https://']),
  GEOCODER_URL: url('GEOCODER_URL', ['http://', 'https://']),
  ENTRA_TENANT_ID: z
    .string()
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
      'ENTRA_TENANT_ID must be the directory (tenant) id, a GUID',
    )
    .optional(),
  ENTRA_CLIENT_ID: z.string().min(1).optional(),
  ENTRA_AUTHORITY: url('ENTRA_AUTHORITY', ['https://', 'http://']),
  ENTRA_JWKS_URL: url('ENTRA_JWKS_URL', ['https://', 'http://']),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
  LABEL_SECRET: z.string().min(32, 'LABEL_SECRET must be at least 32 characters').optional(),
  DEMO_DATA: z.enum(['0', '1']).default('1'),
  ADMIN_EMAIL: z.string().email('ADMIN_EMAIL must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: url('PUBLIC_URL', ['http://', 'https://']),
  ANSWER_CACHE: z.enum(['0', '1']).default('1'),
  SIGN_IN_MAX_DELAY_MS: z.coerce
    .number({ message: 'SIGN_IN_MAX_DELAY_MS must be a number of milliseconds from 0 to 10000' })
    .int()
    .min(0)
    .max(10_000, 'SIGN_IN_MAX_DELAY_MS must be a number of milliseconds from 0 to 10000')
    .default(SIGN_IN_DELAY_MAX_MS),
  MAX_ACTIVE_REQUESTS: z.coerce.number().int().min(1, 'MAX_ACTIVE_REQUESTS must be at least 1').optional(),
  REQUEST_QUEUE: z.coerce.number().int().min(0).default(64),
  REQUEST_QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(1_000),
  HEAVY_WORK_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  HEAVY_WORK_QUEUE: z.coerce.number().int().min(0).default(4),
  HEAVY_WORK_PER_USER: z.coerce.number().int().min(1).default(2),
  ROLE: z.enum(['web', 'worker', 'all'], { message: 'ROLE must be web, worker or all' }).default('all'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_PUBLIC: z.enum(['0', '1'], { message: 'METRICS_PUBLIC must be 0 or 1' }).default('0'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'TRUST_PROXY must be a number of proxies (1) or their addresses (10.0.0.1, 10.0.0.0/8)',
    )
    .optional(),
});

export type Config = {
  /**
   * The argon2id cost of new password hashes: always PRODUCTION_PASSWORD_COST from the environment; only
   * the test harness sets a cheaper one (decision 104).
   */
  passwordHashCost: PasswordHashCost;
  port: number;
  host: string;
  basePath: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mapStyleUrl: string | undefined;
  mapSatelliteStyleUrl: string | undefined;
  osrmUrl: string | undefined;
  geocoderUrl: string | undefined;
  /**
   * Where uploaded and generated files are kept (issue 17, decision 053): an S3-compatible bucket when
   * S3_URL is set, else PostgreSQL when DATABASE_URL is set, else the folder DATA_DIR/uploads.
   */
  files: FileStoreConfig;
  /** DATA_DIR/uploads: the local store's folder, and where the other stores still find older files. */
  uploadsDir: string;
  /** TOKEN_SECRET; without it the keys are kept in the database (session/token-keys.repository.ts). */
  tokenSecret: string | undefined;
  /** LABEL_SECRET; without it the label secret is made once into DATA_DIR/label-secret (decision 087). */
  labelSecret: string | undefined;
  /** What this process does (issue 17): serve the API and web app, run the background tasks, or both. */
  role: 'web' | 'worker' | 'all';
  /**
   * Who reads /metrics (issue 29): with METRICS_TOKEN only `Authorization: Bearer <METRICS_TOKEN>`;
   * with METRICS_PUBLIC=1 anyone; with neither nobody (403).
   */
  metricsToken: string | undefined;
  metricsPublic: boolean;
  /**
   * Microsoft sign-in (001 §2.1, 002 §7.1): on when ENTRA_TENANT_ID and ENTRA_CLIENT_ID are both set.
   * The identity token is verified against the tenant's keys (ENTRA_JWKS_URL, default the tenant's
   * published v2.0 keys at ENTRA_AUTHORITY, default https://login.microsoftonline.com).
   */
  entra: EntraConfig | undefined;
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  webDist: string;
  /**
   * The address people reach this server at (scheme, host, port, no path), for links it hands out
   * such as a QR label's: never the caller's Host header, which anyone can set.
   */
  publicUrl: string;
  /** Keep the answers of the hot reads until the data changes (decision 027); `ANSWER_CACHE=0` reads every time. */
  answerCache: boolean;
  /** How much work is taken at once (decision 059): the API's admission and the heavy-work pool. */
  limits: Limits;
  /**
   * The longest a failed sign-in's successors are slowed (decision 058); `SIGN_IN_MAX_DELAY_MS=0`
   * turns the delays off (the budgets still hold), e.g. for a test run of many failures.
   */
  signInMaxDelayMs: number;
  /**
   * The reverse proxies in front of the server whose X-Forwarded-For is believed: a number of hops or
   * their addresses. Unset: none, and the caller's address is the connection's (the sign-in throttle
   * counts per address, so behind a proxy it must be set or every caller shares the proxy's address).
   */
  trustProxy: number | string[] | false;
};

/**
 * Admission (http/admission.ts) and the heavy-work pool (modules/common/heavy-work.ts), decision 059.
 * `maxActiveRequests` unset: 16 on the embedded database (it runs one query at a time), 40 on PostgreSQL.
 */
export interface Limits {
  maxActiveRequests: number | undefined;
  requestQueue: number;
  requestQueueWaitMs: number;
  heavyWorkConcurrency: number;
  heavyWorkQueue: number;
  heavyWorkPerUser: number;
}

export class ConfigError extends Error {}

/**
 * An S3-compatible bucket, from S3_URL:
 *   s3://ACCESS_KEY:SECRET@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION&forcePathStyle=true&tls=false
 * HOST[:PORT] is the endpoint (https unless tls=false; e.g. s3.eu-north-1.amazonaws.com, or a MinIO or
 * Ceph host); region defaults to us-east-1; forcePathStyle=true asks for HOST/BUCKET/KEY addresses
 * (most self-hosted stores need it) instead of BUCKET.HOST/KEY; PREFIX is put before every key.
 * Without ACCESS_KEY:SECRET the AWS SDK's own chain is used (AWS_ACCESS_KEY_ID, a role...). A key or
 * secret with reserved characters (/ + = @ :) is written percent-encoded.
 */
export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type FileStoreConfig = { kind: 'local' } | { kind: 'postgres' } | { kind: 's3'; s3: S3Location };

const yesNo = (v: string | null, name: string, fallback: boolean) => {
  if (v === null || v === '') return fallback;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new ConfigError(`Invalid configuration:\n  S3_URL: ${name} must be true or false`);
};

/** Reads S3_URL (see S3Location); a missing bucket or a bad switch stops the boot naming S3_URL. */
export function s3LocationOf(value: string): S3Location {
  const u = new URL(value);
  const [bucket = '', ...prefix] = u.pathname.split('/').filter((s) => s !== '');
  if (!u.host || !bucket)
    throw new ConfigError(
      'Invalid configuration:\n  S3_URL: must name the endpoint and the bucket, s3://KEY:SECRET@host:port/bucket',
    );
  const tls = yesNo(u.searchParams.get('tls'), 'tls', true);
  const user = decodeURIComponent(u.username);
  const secret = decodeURIComponent(u.password);
  return {
    endpoint: `${tls ? 'https' : 'http'}://${u.host}`,
    region: u.searchParams.get('region') || 'us-east-1',
    bucket,
    prefix: prefix.length ? `${prefix.join('/')}/` : '',
    forcePathStyle: yesNo(u.searchParams.get('forcePathStyle'), 'forcePathStyle', false),
    credentials: user ? { accessKeyId: user, secretAccessKey: secret } : undefined,
  };
}

function filesOf(e: z.output<typeof EnvSchema>): FileStoreConfig {
  if (e.S3_URL) return { kind: 's3', s3: s3LocationOf(e.S3_URL) };
  return e.DATABASE_URL ? { kind: 'postgres' } : { kind: 'local' };
}

function entraOf(e: z.output<typeof EnvSchema>): EntraConfig | undefined {
  if (!e.ENTRA_TENANT_ID && !e.ENTRA_CLIENT_ID) return undefined;
  if (!e.ENTRA_TENANT_ID || !e.ENTRA_CLIENT_ID)
    throw new ConfigError(
      'Invalid configuration:\n  ENTRA_TENANT_ID and ENTRA_CLIENT_ID: Microsoft sign-in needs both',
    );
  const authority = (e.ENTRA_AUTHORITY ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  return {
    tenantId: e.ENTRA_TENANT_ID.toLowerCase(),
    clientId: e.ENTRA_CLIENT_ID,
    authority,
    jwksUrl: e.ENTRA_JWKS_URL ?? `${authority}/${e.ENTRA_TENANT_ID.toLowerCase()}/discovery/v2.0/keys`,
  };
}

/** Reads the environment; an invalid value stops the boot with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The rules of 001 §5 (the first administrator's; the Admin may raise the length later). Whether it is
  // a common breached password is checked when the administrator is made (seed.ts): the list is read then.
  if (e.DEMO_DATA === '0' && e.ADMIN_PASSWORD !== undefined && !isStrongPassword(e.ADMIN_PASSWORD))
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD: must have at least 6 characters, a capital letter, a digit and a special character',
    );
  if (e.METRICS_TOKEN !== undefined && e.METRICS_PUBLIC === '1')
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PUBLIC: /metrics is either open to anyone or needs METRICS_TOKEN; set one of them',
    );
  const dataDir = resolve(e.DATA_DIR);
  return {
    passwordHashCost: PRODUCTION_PASSWORD_COST,
    port: e.PORT,
    host: e.HOST,
    basePath: e.BASE_PATH,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    files: filesOf(e),
    uploadsDir: join(dataDir, 'uploads'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mapStyleUrl: e.MAP_STYLE_URL,
    mapSatelliteStyleUrl: e.MAP_SATELLITE_STYLE_URL,
    osrmUrl: e.OSRM_URL,
    geocoderUrl: e.GEOCODER_URL,
    tokenSecret: e.TOKEN_SECRET,
    labelSecret: e.LABEL_SECRET,
    role: e.ROLE,
    metricsToken: e.METRICS_TOKEN,
    metricsPublic: e.METRICS_PUBLIC === '1',
    entra: entraOf(e),
    demoData: e.DEMO_DATA === '1',
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? join(import.meta.dirname, '../../web/dist')),
    publicUrl: (e.PUBLIC_URL ?? servedAddress(e.HOST, e.PORT)).replace(/\/+$/, ''),
    answerCache: e.ANSWER_CACHE === '1',
    signInMaxDelayMs: e.SIGN_IN_MAX_DELAY_MS,
    limits: {
      maxActiveRequests: e.MAX_ACTIVE_REQUESTS,
      requestQueue: e.REQUEST_QUEUE,
      requestQueueWaitMs: e.REQUEST_QUEUE_WAIT_MS,
      // A core is left to the server's own thread: the reports are drawn in worker threads.
      heavyWorkConcurrency: e.HEAVY_WORK_CONCURRENCY ?? Math.max(1, availableParallelism() - 1),
      heavyWorkQueue: e.HEAVY_WORK_QUEUE,
      heavyWorkPerUser: e.HEAVY_WORK_PER_USER,
    },
    trustProxy:
      e.TRUST_PROXY === undefined
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(',').map((a) => a.trim()),
  };
}

/** The address the server listens at, as a browser on this machine writes it. */
function servedAddress(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '[::]', ''].includes(host)
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}

/**
 * The first signing key of a database without TOKEN_SECRET: the secret an earlier version kept in
 * DATA_DIR/token-secret (so its signed-in users stay signed in), else a new random one.
 */
export function firstTokenSecret(dataDir: string): string {
  const file = join(dataDir, 'token-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : randomBytes(48).toString('base64url');
}
