import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { webPagePolicy } from '../http/security-headers.ts';

/**
 * How long a browser keeps a file of the build: hashed asset names never change content; the favicon
 * for a day (Chromium asks for it again on every in-app navigation, beside the page's own reads);
 * everything else is revalidated.
 */
function cachingOf(path: string): string {
  if (path.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return /^favicon\.[a-z]+$/.test(path) ? 'public, max-age=86400' : 'no-cache';
}

/**
 * Serves the built web app under BASE_PATH: its files as they are, every other path the index page
 * (client routes), with a <base> so relative asset URLs work at any depth.
 */
/** The web app's pages are not calls of the API: left out of its document (/api2/docs). */
const page = { schema: { hide: true } };

export async function serveWeb(app: FastifyInstance, opts: { webDist: string; basePath: string }) {
  const { webDist, basePath } = opts;
  app.get('/', page, (_req, reply) => reply.redirect(basePath));
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.get(`${basePath}*`, page, (_req, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`, or start with `npm start`.'),
    );
    return;
  }
  const index = readFileSync(indexFile, 'utf8').replace('<head>', `<head><base href="${basePath}">`);
  // The build's files, known at start: a request names one of them or is a client route.
  const files = new Set(
    globSync('**/*', { cwd: webDist, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name).slice(webDist.length + 1)),
  );
  await app.register(fastifyStatic, { root: webDist, serve: false });
  const policy = webPagePolicy();
  const sendIndex = (reply: FastifyReply) =>
    reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .send(index);

  // With ignoreTrailingSlash this also answers BASE_PATH without its slash.
  app.get(basePath, page, (_req, reply) => sendIndex(reply));
  app.get(`${basePath}*`, page, (req, reply) => {
    const path = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
    // The offline app's worker precaches index.html by name (decision 071): the page with its <base>.
    if (path === 'index.html') return sendIndex(reply);
    if (files.has(path) && path !== 'index.html') {
      reply.header('cache-control', cachingOf(path));
      return reply.sendFile(path, { cacheControl: false });
    }
    // A missing file with an extension is a real 404, not the index page.
    if (/\.[a-z0-9]{1,5}$/i.test(path)) return reply.status(404).send({ Message: 'Not found' });
    return sendIndex(reply);
  });
}
