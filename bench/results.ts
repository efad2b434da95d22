// Where a bench run is kept: bench/results/<date>.json (every row, the query plans and the machine) and
// bench/results/<date>.md (the same table in markdown, as bench/README.md shows the latest one).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { budgetLine, type Row, verdict } from './row.ts';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  loadAverage: { start: number[]; end: number[] };
  commit: string;
}

export function machineNow(postgres: string, loadAtStart: number[]): Machine {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres,
    loadAverage: { start: loadAtStart, end: loadavg() },
    commit,
  };
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The markdown table of a run, with the machine it ran on. */
export function markdownTable(
  rows: readonly Row[],
  machine: Machine,
  meta: { date: string; quick: boolean; minutes: number },
) {
  const load = (xs: number[]) => xs.map((n) => n.toFixed(2)).join(' ');
  return [
    `Run of ${meta.date} (${meta.quick ? '`--quick`' : 'full'}, ${meta.minutes.toFixed(1)} min) on commit ${machine.commit}: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}; load average ${load(machine.loadAverage.start)} at the start, ${load(machine.loadAverage.end)} at the end.`,
    '',
    '| Budget | Limit | Measured | Result |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${cell(r.budget)} | ${cell(r.limit)} | ${cell(r.measured)} | ${verdict(r)} |`),
    '',
    budgetLine(rows),
    '',
  ].join('\n');
}

/** Writes the run's JSON and markdown under bench/results/ and returns their paths. */
export function writeResults(
  rows: readonly Row[],
  machine: Machine,
  meta: { date: string; quick: boolean; minutes: number },
  extra: Record<string, unknown>,
): { json: string; markdown: string } {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const stem = `${meta.date}${meta.quick ? '-quick' : ''}`;
  const json = join(dir, `${stem}.json`);
  const markdown = join(dir, `${stem}.md`);
  writeFileSync(
    json,
    `${JSON.stringify({ ...meta, machine, budgets: budgetLine(rows), rows, ...extra }, null, 2)}\n`,
  );
  writeFileSync(markdown, markdownTable(rows, machine, meta));
  return { json, markdown };
}
