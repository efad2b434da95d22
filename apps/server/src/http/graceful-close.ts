import { readFileSync } from 'node:fs';
import { type AddressInfo, Server as NetServer, type Socket } from 'node:net';
import { serverMessage } from '@fieldport/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The connections the kernel completed but the server had not yet taken at SIGTERM are taken and
 * answered 503 before the listening socket closes, not reset with it (a burst of 600 new connections
 * at SIGTERM, npm run chaos): the listening socket stays open until as many connections as its queue
 * held have come in, at most ACCEPT_MAX_MS. On a starved machine (2 cores at a load of 16) the
 * embedded database's server took such a burst at some 150 a second (closing at 1 s reset 407).
 * Connections made after SIGTERM are not waited for: clients that reconnect at once after each 503
 * would hold it open, and the ones still queued when it closes are reset.
 */
const ACCEPT_MAX_MS = 5_000;

/**
 * The length of a listening socket's queue of completed connections (Linux: the LISTEN line's rx_queue
 * in /proc/net/tcp and tcp6); null where it cannot be read.
 */
function acceptQueueOf(port: number): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let queued: number | null = null;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] !== '0A' || !f[1]?.endsWith(`:${hexPort}`)) continue;
      queued = (queued ?? 0) + Number.parseInt(f[4]?.split(':')[1] ?? '0', 16);
    }
  }
  return queued;
}
/**
 * From SIGTERM: how long open keep-alive connections get to make their next call (answered 503, then
 * closed); then the idle ones are closed with the app.
 */
const DRAIN_MS = 2_000;
/**
 * From SIGTERM: how long a connection that has not yet sent its first call is waited for. Node counts
 * such a connection as idle, and closing it while its request still waits unread (a burst of new
 * connections on a busy server: the request is in the socket, not yet parsed) resets it.
 */
const FIRST_CALL_MS = 7_000;
/**
 * From SIGTERM: what is still open is cut, so the process ends within its 10 s (main.ts). The calls
 * under way are at most the admission's running ones and the heavy-work pool's (decision 059): what
 * waited for a turn was answered 503 at SIGTERM, so the backlog to finish is bounded and short.
 */
const FORCE_MS = 9_000;

/**
 * Graceful close of a listening server (SIGTERM). Closing an idle keep-alive connection races with
 * the client writing its next request on it, and the client sees a reset; so instead:
 * 1. every call that arrives now, and every call still waiting for its turn (`stopTaking`: the
 *    admission's and the heavy-work pool's lines), is answered 503 with `Connection: close` and
 *    Retry-After (a translated Message), so each client learns it and its connection ends after that
 *    answer; calls under way finish as they are;
 * 2. the connections the kernel already holds are taken (ACCEPT_QUIET_MS), then no new connections are
 *    accepted, while the open ones stay;
 * 3. when no HTTP connection is left, or after DRAIN_MS, the app closes (live-event clients are told,
 *    idle connections closed, running calls awaited), and after FORCE_MS the rest are cut.
 * Install before the routes are registered (the hook applies to routes registered after it).
 */
export function installGracefulClose(app: FastifyInstance): (stopTaking?: () => void) => Promise<void> {
  let draining = false;
  let lastConnection = 0;
  let accepted = 0;
  const sockets = new Set<Socket>();
  /** Connections that have sent a call: the others have theirs still to come (FIRST_CALL_MS). */
  const called = new WeakSet<Socket>();
  app.server.on('request', (req: { socket: Socket }) => called.add(req.socket));
  app.server.on('connection', (socket: Socket) => {
    lastConnection = Date.now();
    accepted++;
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

  /** Waits until the connections the kernel held at SIGTERM have been taken (ACCEPT_MAX_MS). */
  const takeWhatIsQueued = async () => {
    const port = (app.server.address() as AddressInfo | null)?.port;
    const queued = port ? acceptQueueOf(port) : null;
    // Unknown (not Linux): until no connection has come for 100 ms, at most a second.
    const until = Date.now() + (queued === null ? 1_000 : ACCEPT_MAX_MS);
    const start = accepted;
    for (;;) {
      if (queued !== null && accepted - start >= queued) return;
      await new Promise((r) => setTimeout(r, 10));
      // After the event loop's poll phase, where the connections the kernel holds are taken.
      await new Promise((r) => setImmediate(r));
      if (queued === null && Date.now() - lastConnection >= 100) return;
      if (Date.now() >= until) return;
    }
  };

  const waitingForFirstCall = () => {
    for (const s of sockets) if (!called.has(s)) return true;
    return false;
  };

  return async (stopTaking = () => {}) => {
    const signalled = Date.now();
    draining = true;
    stopTaking();
    if (app.server.listening) {
      await takeWhatIsQueued();
      // Stops accepting without http.Server.close()'s closing of idle connections (see above).
      NetServer.prototype.close.call(app.server);
    }
    // Until every connection has closed after its 503, or: after DRAIN_MS, once each has sent a call
    // (the others are idle keep-alive connections, closed with the app), and at most FIRST_CALL_MS.
    for (;;) {
      const since = Date.now() - signalled;
      if (sockets.size === 0 || since >= FIRST_CALL_MS || (since >= DRAIN_MS && !waitingForFirstCall()))
        break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const force = setTimeout(() => app.server.closeAllConnections(), signalled + FORCE_MS - Date.now());
    force.unref();
    try {
      await app.close();
    } finally {
      clearTimeout(force);
    }
  };
}
