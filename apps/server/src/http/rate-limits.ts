import type { FastifyRequest } from 'fastify';
import type { Clock } from '../infra/clock.ts';
import { basicOf } from './authorization-header.ts';
import { clockedRateLimitStore } from './rate-limit-store.ts';

const bodyField = (req: FastifyRequest, ...names: string[]) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  for (const n of names) {
    const v = body[n] ?? query[n];
    if (typeof v === 'string') return v.trim().toLowerCase();
  }
  return '';
};

const perAccount = (max: number, timeWindow: string, account: (req: FastifyRequest) => string) => ({
  rateLimit: { max, timeWindow, keyGenerator: (req: FastifyRequest) => `${req.ip}|${account(req)}` },
});

/**
 * Sign-in and recovery are limited per address and account (ENGINEERING.md, security baseline). Failed
 * sign-ins are also counted per account and per address in the database (SessionService.signIn).
 * A technician's position on the way is limited per user: the phone sends at most every 30 s
 * (decision 085), so more than 10 a minute is a runaway client, not a journey.
 */
export const routeRateLimits = {
  // A burst guard in memory; the rule (10 failures per account and per address) is the session's, in the database.
  token: perAccount(20, '1 minute', (req) => basicOf(req.headers.authorization)?.email.toLowerCase() ?? ''),
  recoverPassword: perAccount(5, '15 minutes', (req) => bodyField(req, 'username')),
  validateOtp: perAccount(20, '15 minutes', (req) => bodyField(req, 'email')),
  changePassword: perAccount(10, '15 minutes', (req) => bodyField(req, 'Email')),
  passwordRecover: perAccount(5, '15 minutes', (req) => bodyField(req, 'Email')),
  passwordReset: perAccount(10, '15 minutes', (req) => bodyField(req, 'Email')),
  tokenRefresh: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  // The current password is checked: guessing it is limited per signed-in user and address.
  myAccountChangePassword: perAccount(10, '15 minutes', (req) => String(req.authUser?.id ?? '')),
  appointmentPosition: perAccount(10, '1 minute', (req) => String(req.authUser?.id ?? '')),
};

/** The plugin's settings: only the routes above are limited, each counted on the app's clock (tests hold it). */
export const rateLimitSettings = (clock: Clock) => ({
  global: false,
  hook: 'preHandler' as const,
  store: clockedRateLimitStore(clock),
});
