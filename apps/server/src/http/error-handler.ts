import { type ErrorBody, serverMessage, UNEXPECTED_ERROR } from '@fieldport/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { validationMessage } from './validation-messages.ts';

const lang = (req: FastifyRequest) => req.headers['accept-language'];

/** Postgres connection failures (server down, pool exhausted) answer 503 so clients retry. */
function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '08006',
      '08001',
      '08003',
    ].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test((err as Error).message ?? '')
  );
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
    if (err instanceof AppError) {
      const Message = err.key ? serverMessage(err.key, lang(req), err.values) : err.message;
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
      const Errors = err.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        return {
          Field: [where === 'querystring' ? 'query' : where, ...path].slice(1).join('.') || where,
          Message: validationMessage(v, lang(req), valueAt(part, path)) || 'Invalid value',
        };
      });
      return send(400, {
        Message: `${serverMessage('validation_failed', lang(req))} ${Errors.map((e) => `${e.Field}: ${e.Message}`).join('; ')}`,
        Errors,
      });
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
      req.log.error({ err }, 'database unavailable');
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
