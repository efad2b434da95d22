import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { seedDatabase } from './seed/seed.ts';

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onPoolError: (err) => console.error(`Database pool error: ${err.message}`),
  });
  const seeded = await seedDatabase(database.db, {
    demoData: config.demoData,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    now: new Date(),
  });
  const app = await buildApp({ config, database });
  // Within 10 s of SIGTERM or SIGINT: calls waiting for a turn and every new call answered 503 with
  // Connection: close, the connections the kernel holds taken, then new ones refused; calls under way
  // (bounded by the admission, decision 059) finished, then the database closed.
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.services.shutdown();
    await database.close();
  });
  // A burst of new connections (hundreds at once) waits in the kernel until taken, not dropped: Node's
  // default queue of 511 made the rest retry their SYN a second later (decision 059).
  const address = await app.listen({ port: config.port, host: config.host, backlog: 2_048 });
  const url = `${address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost')}${config.basePath}`;
  const lines = [
    '',
    `Fieldport is serving at ${url} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}; ready in ${Math.round(performance.now() - started)} ms)`,
    `API documentation: ${address.replace('0.0.0.0', 'localhost')}/api2/docs`,
  ];
  // Behind a proxy (a container's 0.0.0.0 is not where people go): the address they use.
  if (process.env.PUBLIC_URL) lines.push(`Reached at ${config.publicUrl}${config.basePath}`);
  if (seeded.demo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(30)} ${a.label}`);
  } else if (seeded.createdAdmin) {
    lines.push(`Administrator created: ${seeded.createdAdmin}`);
  }
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error('Fieldport could not start:', err);
  process.exit(1);
});
