import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app under BASE_PATH: files as they are, every other path the index page
 * (client routes), with a <base> so relative asset URLs work at any depth.
 */
export async function serveWeb(app: FastifyInstance, opts: { webDist: string; basePath: string }) {
  const { webDist, basePath } = opts;
  app.get('/', (_req, reply) => reply.redirect(basePath));
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.get(`${basePath}*`, (_req, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`, or start with `npm start`.'),
    );
    return;
  }
  const index = readFileSync(indexFile, 'utf8').replace('<head>', `<head><base href="${basePath}">`);
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html').header('cache-control', 'no-cache').send(index);
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: basePath,
    wildcard: false,
    index: false,
    // Hashed asset names never change content; the index page is always revalidated.
    setHeaders: (res, path) => {
      if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get(basePath.slice(0, -1), (_req, reply) => reply.redirect(basePath));
  app.get(basePath, (_req, reply) => sendIndex(reply));
  app.get(`${basePath}*`, (req, reply) => {
    // A missing hashed asset is a real 404, not the index page.
    if (/\.(js|css|map|png|svg|woff2?|json|ico)$/.test(req.url.split('?')[0] ?? ''))
      return reply.status(404).send({ Message: 'Not found' });
    return sendIndex(reply);
  });
}
