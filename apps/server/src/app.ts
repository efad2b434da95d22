import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Api, api } from '@fieldport/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AuthGuard } from './http/auth-guard.ts';
import type { Handler, Handlers } from './http/context.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { authRateLimits } from './http/rate-limits.ts';
import { registerContract } from './http/register-contract.ts';
import { type Clock, systemClock } from './infra/clock.ts';
import { createMailer, type Mailer } from './infra/mailer.ts';
import { sessionHandlers } from './modules/session/session.routes.ts';
import { SessionService } from './modules/session/session.service.ts';
import { TokenService } from './modules/session/tokens.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { VERSION } from './version.ts';
import { serveWeb } from './web/serve-web.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  logger?: boolean;
}

export interface AppServices {
  settings: SettingsService;
  tokens: TokenService;
  clock: Clock;
}

/** Builds the whole server (API, docs, web app) without listening: main.ts listens, tests inject. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance & { services: AppServices }> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('authUser', null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(formbody);
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(swagger, {
    openapi: { info: { title: 'Fieldport API', version: VERSION.Version } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api2/docs', staticCSP: true });
  installErrorHandling(app);

  const db = database.db;
  const clock = opts.clock ?? systemClock;
  const settings = new SettingsService(db);
  const tokens = new TokenService(config.tokenSecret);
  const guard = new AuthGuard({ db, tokens, settings, clock });
  const mailer = opts.mailer ?? createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const sessionDeps = { db, tokens, settings, clock, mailer, guard, secret: config.tokenSecret };

  // Every declared route must have its handler here: the type fails the build when one is missing.
  const handlers: Handlers<Api> = {
    ...sessionHandlers(new SessionService(sessionDeps), sessionDeps),
  };
  registerContract(app, api, handlers as Record<string, Handler<never>> as never, guard, authRateLimits);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  await serveWeb(app, { webDist: config.webDist, basePath: config.basePath });
  return Object.assign(app, { services: { settings, tokens, clock } }) as unknown as FastifyInstance & {
    services: AppServices;
  };
}
