import { type ErrorBody, serverMessage, UNEXPECTED_ERROR } from '@fieldport/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationFailed } from '../modules/common/errors.ts';
import { IdempotentReplay } from '../modules/common/idempotency-context.ts';
import { validationMessage } from './validation-messages.ts';

const lang = (req: FastifyRequest) => req.headers['accept-language'];

/** How long a caller is asked to wait (Retry-After, seconds) while the database is away. */
const DATABASE_RETRY_AFTER_S = 5;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: a backend terminated (a restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_TEXTS =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|connect ECONNREFUSED/i;

/**
 * A lost or unreachable database (server down or restarting, connection cut, pool exhausted): answers
 * 503 so clients retry, never 500. Drizzle wraps the driver's error (DrizzleQueryError), so the
 * causes are looked at too.
 */
function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_TEXTS.test(message)) return true;
    // An AggregateError of a connect to every address of a host name (IPv4 and IPv6).
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The value at a path of a request part (what a validation error is about). */
function valueAt(part: unknown, path: string[]): unknown {
  let v = part;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** Every error body is { Message, Errors? }; a 500 never carries internals (spec README, Errors). */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);
    if (err instanceof IdempotentReplay) {
      const { statusCode, body, contentType } = err.answer;
      reply.code(statusCode).header('idempotent-replayed', 'true');
      if (contentType) reply.header('content-type', contentType);
      return reply.send(body);
    }
    if (err instanceof AppError) {
      const Message = err.key ? serverMessage(err.key, lang(req), err.values) : err.message;
      if (err.headers) reply.headers(err.headers);
      return send(err.status, {
        Message,
        ...(err.fieldErrors ? { Errors: err.fieldErrors } : {}),
        ...err.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const part = { body: req.body, querystring: req.query, params: req.params, headers: req.headers }[
        where as 'body'
      ];
      const failed = validationFailed(
        lang(req),
        err.validation.map((v) => {
          const path = v.instancePath.split('/').filter(Boolean);
          return {
            Field: [where === 'querystring' ? 'query' : where, ...path].slice(1).join('.') || where,
            Message: validationMessage(v, lang(req), valueAt(part, path)) || 'Invalid value',
          };
        }),
      );
      return send(400, { Message: failed.message, Errors: failed.fieldErrors });
    }
    if (err.statusCode === 429) return send(429, { Message: serverMessage('too_many_attempts', lang(req)) });
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    )
      return send(400, { Message: serverMessage('malformed_body', lang(req)) });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return send(err.statusCode, { Message: err.message });
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return send(503, { Message: serverMessage('database_unavailable', lang(req)) });
    }
    req.log.error({ err }, 'unexpected error');
    return send(500, { Message: serverMessage('unexpected', lang(req)) ?? UNEXPECTED_ERROR });
  });

  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({
      Message: serverMessage('route_not_found', lang(req), {
        method: req.method,
        path: req.url.split('?')[0] ?? '',
      }),
    }),
  );
}
