import { Server as NetServer, type Socket } from 'node:net';
import { serverMessage } from '@fieldport/contract';
import type { FastifyInstance } from 'fastify';

/** How long open keep-alive connections get to make their next call (answered 503, then closed). */
const DRAIN_MS = 2_000;
/** After this, what is still open is cut, so the process ends well within its 10 s. */
const FORCE_MS = 7_000;

/**
 * Graceful close of a listening server (SIGTERM). Closing an idle keep-alive connection races with
 * the client writing its next request on it, and the client sees a reset; so instead:
 * 1. no new connections are accepted, while the open ones stay;
 * 2. every call that arrives now is answered 503 with `Connection: close` and Retry-After (a translated
 *    Message), so each client learns it and its connection ends after that answer; calls under way
 *    finish as they are;
 * 3. when no HTTP connection is left, or after DRAIN_MS, the app closes (live-event clients are told,
 *    idle connections closed, running calls awaited), and after FORCE_MS the rest are cut.
 * Install before the routes are registered (the hook applies to routes registered after it).
 */
export function installGracefulClose(app: FastifyInstance): () => Promise<void> {
  let draining = false;
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A live-event socket (WebSocket) is no HTTP connection any more: the hub closes it itself.
  app.server.on('upgrade', (req: { socket: Socket }) => sockets.delete(req.socket));
  app.addHook('onRequest', async (req, reply) => {
    if (!draining) return;
    reply.header('connection', 'close').header('retry-after', '5');
    return reply
      .code(503)
      .send({ Message: serverMessage('server_stopping', req.headers['accept-language']) });
  });

  return async () => {
    draining = true;
    // Stops accepting without http.Server.close()'s closing of idle connections (see above).
    if (app.server.listening) NetServer.prototype.close.call(app.server);
    const until = Date.now() + DRAIN_MS;
    while (sockets.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const force = setTimeout(() => app.server.closeAllConnections(), FORCE_MS);
    force.unref();
    try {
      await app.close();
    } finally {
      clearTimeout(force);
    }
  };
}
