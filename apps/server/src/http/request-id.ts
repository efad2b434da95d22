import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request id a caller or proxy sent, if it looks like one: letters, digits, '-', '_', '.', ':' (≤ 64). */
const GIVEN_ID = /^[\w.:-]{1,64}$/;

/** Fastify's genReqId: the X-Request-Id a proxy sent, else a new UUID. */
export const requestIdOf = (req: { headers: Record<string, string | string[] | undefined> }): string => {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
};

const current = new AsyncLocalStorage<string>();

/** The id of the request whose work is running now (undefined outside a request). */
export const currentRequestId = (): string | undefined => current.getStore();

/**
 * Every request's id (its log lines' `reqId`) goes back as X-Request-Id and stays known to the work the
 * request does, so a task it queues carries it into the worker's log lines (issue 17).
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (req: FastifyRequest, reply, done) => {
    reply.header('x-request-id', req.id);
    current.run(req.id, done);
  });
}
