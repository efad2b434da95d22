import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the server loads at boot: every module reachable from `main.ts` through static imports
 * (`import type` is erased and does not count; `import()` loads on first use and does not either).
 * The demo data and the factories (faker) load only when an empty database is seeded, and heavy
 * libraries when first used (ENGINEERING.md, decision 019).
 */
const SRC = resolve(import.meta.dirname, '../src');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function bootGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!spec) continue;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else if (!spec.startsWith('node:')) packages.add(spec);
    }
  };
  visit(join(SRC, entry));
  return { files, packages };
}

describe('boot imports', () => {
  const { files, packages } = bootGraph('main.ts');

  it('loads the app, the database and the first-administrator seed', () => {
    const rel = [...files].map((f) => relative(SRC, f));
    expect(rel).toEqual(expect.arrayContaining(['app.ts', 'db/database.ts', 'seed/seed.ts']));
  });

  it('never loads the demo data, the factories or faker at boot', () => {
    expect([...files].map((f) => relative(SRC, f)).filter((f) => f.startsWith('dev/'))).toEqual([]);
    expect([...packages].filter((p) => p.startsWith('@faker-js/'))).toEqual([]);
  });

  it('loads heavy libraries only when first used', () => {
    expect(
      [...packages].filter((p) => ['exceljs', 'qrcode', 'pdfkit', 'pdfmake', 'sharp'].includes(p)),
    ).toEqual([]);
  });

  it('keeps db/ to connection, schema and migrations', () => {
    const fromDb = [...files].filter((f) => relative(SRC, f).startsWith('db/'));
    for (const file of fromDb) {
      const specs = [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((m) => m[1] ?? '');
      const outside = specs
        .filter((s) => s.startsWith('.'))
        .map((s) => relative(SRC, resolve(dirname(file), s)))
        .filter((f) => !f.startsWith('db/'));
      expect(outside, relative(SRC, file)).toEqual([]);
    }
  });
});
