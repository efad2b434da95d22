// The end-to-end suite's server in its scale-out form (issue 17; playwright.config.ts when E2E_SERVERS=2):
// two real server processes on one throwaway PostgreSQL database (a copy of nothing: created here on the
// server of TEST_DATABASE_URL, dropped on exit), each with its own data folder, behind a round-robin
// proxy on E2E_PORT. Every request and every WebSocket goes to the next process in turn, so a page's
// calls, its live events and its downloads are served by both, as behind a load balancer without
// sticky sessions.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = Number(process.env.E2E_PORT ?? 18_080);
const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!base)
  throw new Error('E2E_SERVERS=2 needs TEST_DATABASE_URL: the PostgreSQL server the two processes share.');

const name = `fp_test_e2e_${Date.now()}_${process.pid}`;
const admin = new URL(base);
admin.pathname = '/postgres';
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${name}`;

async function onAdmin(statement: string) {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const servers: ChildProcess[] = [];
/**
 * One label secret for both processes (decision 087): each has a data folder of its own, where a
 * process without LABEL_SECRET would make a secret of its own, and a label printed by one would then
 * not open on the other. A scale-out deployment sets LABEL_SECRET the same way.
 */
const labelSecret = process.env.LABEL_SECRET ?? randomBytes(32).toString('base64url');
const targets = [port + 1, port + 2];

function startServer(serverPort: number) {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../apps/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), `fp-e2e-${serverPort}-`)),
      LABEL_SECRET: labelSecret,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`The server on port ${serverPort} stopped (${signal ?? code}).`);
      void stop(1);
    }
  });
  servers.push(child);
}

async function ready(serverPort: number) {
  for (let i = 0; i < 1_800; i++) {
    const ok = await fetch(`http://127.0.0.1:${serverPort}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server on port ${serverPort} did not get ready in 180 s.`);
}

let turn = 0;
const next = () => targets[turn++ % targets.length]!;

/** Round robin: each request to the next process, as it came (method, path, headers, body). */
const proxy = http.createServer((req, res) => {
  const upstream = http.request(
    { host: '127.0.0.1', port: next(), method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});

/** A WebSocket (the live events) to the next process: its upgrade request passed on, then both ways. */
proxy.on('upgrade', (req, socket, head) => {
  const upstream = net.connect(next(), '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  proxy.close();
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.exitCode !== null || s.signalCode !== null) return resolve();
          s.once('exit', () => resolve());
          s.kill('SIGTERM');
          setTimeout(() => s.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await onAdmin(`drop database if exists ${name} with (force)`).catch(() => {});
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

await onAdmin(`create database ${name}`);
// The first seeds the demo company; the second then finds it (seeding is locked too, but one at a
// time keeps the start-up's load off the first process's seed).
startServer(targets[0]!);
await ready(targets[0]!);
startServer(targets[1]!);
await ready(targets[1]!);
proxy.listen(port, '127.0.0.1', () => console.log(`Two servers behind http://127.0.0.1:${port}/`));
