import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';

/** Opaque refresh tokens, stored hashed; a family shares one sign-in so reuse can revoke it whole. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    familyId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at the sign-in or refresh that made the token (My account's sign-ins). */
    userAgent: text(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash').on(t.tokenHash),
    index('refresh_tokens_family').on(t.familyId),
    // A user's sign-ins (My account) and the revocation of all of them.
    index('refresh_tokens_user').on(t.userId),
  ],
);

/** Recovery codes: stored hashed, single use, limited tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id),
    email: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    failedTries: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_email').on(t.email, t.createdAt)],
);

/**
 * One row per failed sign-in in the last hour (decision 058): the account tried (`account`, the
 * e-mail in lower case, known or not) and the caller's address. A try is written before its password
 * is checked and deleted when it was right, so tries sent side by side count against each other.
 * The throttle counts them per account, per address and per pair; older rows are deleted now and then.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    account: text().notNull(),
    address: text().notNull(),
    failedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_failures_account').on(t.account, t.failedAt),
    index('sign_in_failures_address').on(t.address, t.failedAt),
  ],
);

/**
 * Idempotency-Key of creation calls (decision 026): one row per caller, call and key, reserved before
 * the handler runs (so a concurrent twin waits for it) and holding the first answer once it is sent.
 * A key is kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's user id, 0 for an anonymous call. */
    userId: integer().notNull(),
    /** Method and declared path of the call (`POST /api2/ServiceProvider/customer/`). */
    route: text().notNull(),
    key: text().notNull(),
    /** sha256 of the call's parameters, query and body: the same key with another request is refused. */
    requestHash: text().notNull(),
    /** The first answer, once sent: null while the first request runs. */
    statusCode: integer(),
    body: text(),
    contentType: text(),
    /** Set in the transaction of the request's change: the change was committed (decision 026). */
    written: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.route, t.key] }),
    index('idempotency_keys_expires').on(t.expiresAt),
  ],
);

export const mailLog = pgTable('mail_log', {
  id: serial().primaryKey(),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  status: text().notNull(),
  error: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The text messages (SMS): every one, sent, failed or only recorded when no provider is configured. */
export const smsLog = pgTable('sms_log', {
  id: serial().primaryKey(),
  to: text().notNull(),
  text: text().notNull(),
  status: text().notNull(),
  error: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every change, written in the mutation's transaction (outbox); the id is the live-event sequence. */
export const eventLog = pgTable(
  'event_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    entity: text().notNull(),
    entityId: text().notNull(),
    changeType: text().notNull(),
    userId: integer(),
    payload: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_log_entity').on(t.entity, t.entityId), index('event_log_user').on(t.userId, t.id)],
);

export const supportTickets = pgTable('support_tickets', {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id),
  subject: text().notNull(),
  optionalMessage: text().notNull().default(''),
  ccMe: boolean().notNull().default(false),
  errorLog: jsonb(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The keys access tokens are signed with when TOKEN_SECRET is not set, shared by every server process
 * on the database (issue 17): the newest signs, every one verifies (a token names its key, `kid`), so a
 * new key is added without signing anyone out. The oldest also keys the one-time codes' hashes.
 */
export const tokenKeys = pgTable('token_keys', {
  id: serial().primaryKey(),
  secret: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
