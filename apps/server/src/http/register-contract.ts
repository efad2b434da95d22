import type { RouteDef, RouteName } from '@fieldport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyContext } from '../modules/common/idempotency-context.ts';
import { checkedJsonText, JsonText } from '../modules/common/json-text.ts';
import { type AnswerCache, acceptedEncoding, answerKeyOf, CACHED_READS } from './answer-cache.ts';
import type { CallContext, Handler, RouteGuard } from './context.ts';
import { tagsOf } from './route-tags.ts';
import { refuseUnstorableText } from './storable-text.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
/** The tests check an answer the database wrote against its schema, as the response serializer does. */
const VERIFY_JSON_TEXT = process.env.VITEST === 'true';

/**
 * Registers every declared call with its handler: the schemas validate input and shape output,
 * the guard enforces the declared access before the handler runs. With `cache`, the answers of the
 * cached reads are kept until the data changes and given again without a query (answer-cache.ts).
 */
export function registerContract(
  app: FastifyInstance,
  routes: Record<string, RouteDef>,
  handlers: Record<string, Handler<RouteDef>>,
  guard: RouteGuard,
  routeConfig: Record<string, object> = {},
  cache?: AnswerCache,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [name, def] of Object.entries(routes)) {
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for declared route ${name} (${def.method} ${def.path})`);
    const kept = cache && def.response.kind === 'json' && CACHED_READS.has(name as RouteName) ? cache : null;
    typed.route({
      method: def.method,
      url: def.path,
      config: { ...routeConfig[name], cachedRead: kept !== null },
      schema: {
        operationId: name,
        summary: def.summary,
        tags: tagsOf(name, def),
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body && def.bodyKind !== 'multipart' ? { body: def.body } : {}),
        ...(def.response.kind === 'json' ? { response: { 200: def.response.schema } } : {}),
      },
      // Before the input is validated: an anonymous or forbidden caller learns nothing of the schema
      // and gets 401 or 403, not 400. Then text no database can store is refused, whatever the field.
      preValidation: async (req: FastifyRequest) => {
        req.authUser = await guard.check(req, def.access);
        refuseUnstorableText(req);
      },
      // After the access check and the input's validation: a kept answer is given to its caller only.
      ...(kept
        ? {
            preHandler: async (req: FastifyRequest, reply: FastifyReply) => {
              const hit = kept.get(
                answerKeyOf(req),
                req.headers['x-no-compression'] === undefined
                  ? acceptedEncoding(req.headers['accept-encoding'])
                  : undefined,
              );
              if (!hit) return;
              reply.type(JSON_TYPE).header('vary', 'accept-encoding');
              // Already compressed: @fastify/compress leaves an answer with a Content-Encoding as it is.
              if (hit.encoding) reply.header('content-encoding', hit.encoding);
              return reply.header('content-length', hit.body.length).send(hit.body);
            },
          }
        : {}),
      handler: async (req, reply) => {
        const generation = kept?.now() ?? 0;
        const ctx = {
          params: req.params,
          query: req.query,
          body: req.body,
          user: req.authUser,
          lang: req.headers['accept-language'],
          req,
          reply,
        } as CallContext<RouteDef>;
        // Under an Idempotency-Key the handler's writes mark the key in their transaction (decision 026).
        const result = req.idempotencyClaim
          ? await idempotencyContext.run(req.idempotencyClaim, () => handler(ctx))
          : await handler(ctx);
        if (def.response.kind === 'binary') {
          const bin = result as unknown as { contentType: string; data: Buffer };
          // Files are kept five minutes by the browser, unless the handler said otherwise (documents made
          // from live data, the job reports).
          if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, max-age=300');
          return reply.header('content-type', bin.contentType).send(bin.data);
        }
        if (result instanceof JsonText && def.response.kind === 'json') {
          const text = VERIFY_JSON_TEXT ? checkedJsonText(result.text, def.response.schema) : result.text;
          return reply.type(JSON_TYPE).send(kept ? kept.keep(answerKeyOf(req), generation, text) : text);
        }
        if (kept) {
          const text = reply.serialize(result);
          if (reply.statusCode !== 200 || typeof text !== 'string') return reply.type(JSON_TYPE).send(text);
          return reply.type(JSON_TYPE).send(kept.keep(answerKeyOf(req), generation, text));
        }
        return result;
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One of the reads whose answers are kept (answer-cache.ts). */
    cachedRead?: boolean;
  }
  interface FastifyRequest {
    authUser: import('../modules/common/caller.ts').AuthUser | null;
  }
}
