// npm run bench:live: the live-event budget alone (npm run bench measures it with the others).
// ENGINEERING.md measures it on PostgreSQL: the server starts on a throwaway database of the local
// PostgreSQL server (server.ts), then 200 and 1,000 clients are timed.
import { adminToken, fanOutRows } from './live-events.ts';
import { startBenchServer } from './server.ts';

/** The live-event budget rows, measured against a server of its own (and a database of its own). */
export async function liveBudgetRows() {
  const server = await startBenchServer(18_191, 'postgres');
  try {
    return (await fanOutRows(server.base, await adminToken(server.base))).map((r) => ({
      ...r,
      measured: `${r.measured}; ${server.engine}`,
    }));
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  const rows = await liveBudgetRows();
  for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${r.ok ? 'PASS' : 'FAIL'}`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
