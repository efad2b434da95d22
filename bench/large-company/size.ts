// How large the company is, and the database name that says which generator, size and migrations
// built it (so an unchanged one is reused between runs and a changed one is built again).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bump when the generator's rows change: every kept database is then built again. */
export const GENERATOR_VERSION = 4;

export interface CompanySize {
  /** In the database name: full, quick or s<factor> for BENCH_SCALE. */
  tag: string;
  customers: number;
  machinesPerCustomer: number;
  parentJobs: number;
  technicians: number;
  appointments: number;
  partners: number;
}

/**
 * Full: issue 13's large company. --quick: a tenth of each. BENCH_SCALE (e.g. 0.01) multiplies either,
 * for trying the generator at tiny sizes; the sub-jobs are 1.5 a parent job at every size.
 */
export function sizeOf(quick: boolean, scale = Number(process.env.BENCH_SCALE ?? 1)): CompanySize {
  const f = (quick ? 0.1 : 1) * scale;
  const n = (full: number, min: number) => Math.max(min, Math.round(full * f));
  const tag = scale === 1 ? (quick ? 'quick' : 'full') : `s${String(f).replace('.', '_')}`;
  return {
    tag,
    customers: n(50_000, 20),
    machinesPerCustomer: 4,
    parentJobs: n(1_000_000, 200),
    technicians: n(2_000, 10),
    appointments: n(16_000, 80),
    partners: 20,
  };
}

const journal = join(import.meta.dirname, '../../apps/server/src/db/migrations/meta/_journal.json');

/** fp_large_<tag>_<hash of the generator version, the size and the migrations' tags>. */
export function databaseName(size: CompanySize): string {
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] };
  const hash = createHash('sha1')
    .update(JSON.stringify({ v: GENERATOR_VERSION, size, migrations: entries.map((e) => e.tag) }))
    .digest('hex')
    .slice(0, 10);
  return `fp_large_${size.tag}_${hash}`;
}
