// The server's module graph must be acyclic (issue 34 item 2, decision 096): `npm run deps` (part of
// `npm run check`) fails on a cycle between the folders of apps/server/src/modules, naming each cycle
// with the import that makes each of its steps. modules/common, the shared kernel, imports no module
// (a depcruise rule), so it is left out; type-only imports count, tests do not.
// `node scripts/module-graph.ts --list` prints each module with the modules it uses (docs/architecture.md).
import { execFileSync } from 'node:child_process';

const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
const KERNEL = 'common';

interface Cruised {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

const json = execFileSync(
  process.execPath,
  [
    'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs',
    'apps/server/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'json',
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
const cruised = JSON.parse(json) as Cruised;

/** module → module it imports → one import that does it ("from-file → to-file"). */
const edges = new Map<string, Map<string, string>>();
const modules = new Set<string>();
for (const m of cruised.modules) {
  const from = MODULE.exec(m.source)?.[1];
  if (!from || from === KERNEL || m.source.endsWith('.test.ts')) continue;
  modules.add(from);
  for (const d of m.dependencies) {
    const to = MODULE.exec(d.resolved)?.[1];
    if (!to || to === KERNEL || to === from) continue;
    const out = edges.get(from) ?? new Map<string, string>();
    if (!out.has(to)) out.set(to, `${m.source} → ${d.resolved}`);
    edges.set(from, out);
  }
}
const next = (m: string) => [...(edges.get(m)?.keys() ?? [])].sort();

/** Tarjan's strongly connected components with more than one module. */
function knots(): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    for (const w of next(v)) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const knot: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      knot.push(w);
    } while (w !== v);
    if (knot.length > 1) found.push(knot.sort());
  };
  for (const m of [...modules].sort()) if (!order.has(m)) visit(m);
  return found;
}

/** The shortest cycle through `start` inside its knot (breadth first). */
function cycleThrough(start: string, knot: Set<string>): string[] {
  const before = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of next(v)) {
      if (!knot.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(before.get(path[0]!)!);
        return [...path, start];
      }
      if (!before.has(w)) {
        before.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

if (process.argv.includes('--list')) {
  for (const m of [...modules].sort()) console.log(`- ${m}: ${next(m).join(', ') || '—'}`);
}

const found = knots();
if (found.length > 0) {
  console.error('The server modules import each other in a cycle (decision 096: make the graph acyclic):');
  for (const knot of found) {
    const cycle = cycleThrough(knot[0]!, new Set(knot));
    console.error(`\n  cycle: ${cycle.join(' → ')}`);
    for (let i = 0; i + 1 < cycle.length; i++)
      console.error(`    ${edges.get(cycle[i]!)!.get(cycle[i + 1]!)}`);
    if (knot.length > cycle.length - 1) console.error(`  (one knot of ${knot.length}: ${knot.join(', ')})`);
  }
  process.exit(1);
}
console.log(`module graph: ${modules.size} modules, no cycle`);
