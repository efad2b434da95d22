import type { RouteDef } from '@fieldport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthGuard } from './auth-guard.ts';
import type { CallContext, Handler } from './context.ts';
import { idempotencyContext } from './idempotency-context.ts';
import { tagsOf } from './route-tags.ts';
import { refuseUnstorableText } from './storable-text.ts';

/**
 * Registers every declared call with its handler: the schemas validate input and shape output,
 * the guard enforces the declared access before the handler runs.
 */
export function registerContract(
  app: FastifyInstance,
  routes: Record<string, RouteDef>,
  handlers: Record<string, Handler<RouteDef>>,
  guard: AuthGuard,
  routeConfig: Record<string, object> = {},
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [name, def] of Object.entries(routes)) {
    const handler = handlers[name];
    if (!handler) throw new Error(`No handler for declared route ${name} (${def.method} ${def.path})`);
    typed.route({
      method: def.method,
      url: def.path,
      config: routeConfig[name] ?? {},
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
      handler: async (req, reply) => {
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
        const result = req.idempotency
          ? await idempotencyContext.run(req.idempotency, () => handler(ctx))
          : await handler(ctx);
        if (def.response.kind === 'binary') {
          const bin = result as unknown as { contentType: string; data: Buffer };
          return reply
            .header('content-type', bin.contentType)
            .header('cache-control', 'private, max-age=300')
            .send(bin.data);
        }
        return result;
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: import('./context.ts').AuthUser | null;
  }
}
