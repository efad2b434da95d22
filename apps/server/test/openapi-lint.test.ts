import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './harness.ts';

interface Document {
  paths: Record<string, Record<string, { operationId?: string }>>;
}
interface Finding {
  code: string;
  message: string;
  severity: number;
  path: (string | number)[];
}

const root = join(import.meta.dirname, '../../..');

/**
 * The published contract (issue 35.17): /api2/docs passes Spectral's `spectral:oas` ruleset
 * (.spectral.yaml, also run by `npm run check`) without an error, and lists the catalogue's spellings
 * of the paths that the server answers. The document does not depend on the database: one engine.
 */
describe('OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let doc: Document;
  let body: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const res = await t.app.inject({ url: '/api2/docs/json' });
    expect(res.statusCode).toBe(200);
    body = res.body;
    doc = res.json() as Document;
  }, 180_000);
  afterAll(() => t.close());

  it('passes spectral:oas with no error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-spectral-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, body);
      const run = promisify(execFile);
      const args = ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--quiet'];
      // Spectral exits 1 when it finds an error: its findings are on stdout either way.
      const { stdout } = await run(join(root, 'node_modules/.bin/spectral'), args, {
        maxBuffer: 64 * 1024 * 1024,
      }).catch((err: { stdout: string }) => err);
      const errors = (JSON.parse(stdout) as Finding[])
        .filter((f) => f.severity === 0)
        .map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('lists the catalogue’s spellings without the trailing slash and in lower case', () => {
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    const areas = [
      'Department',
      'Lead',
      'LeadType',
      'MachineType',
      'Supplier',
      'AssetType',
      'PartnerCompany',
      'Project',
    ];
    for (const area of areas) {
      expect(methods(`/api2/ServiceProvider/${area}`), area).not.toEqual([]);
      expect(methods(`/api2/ServiceProvider/${area}`), area).toEqual(
        methods(`/api2/ServiceProvider/${area}/`),
      );
    }
    expect(methods('/api2/serviceprovider/article/search')).toEqual(['get']);
    // Every operation has an id of its own.
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists only spellings the server answers, and not the web app’s pages', async () => {
    const unanswered: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const method of Object.keys(operations)) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
        if (res.statusCode === 404 && !/\/1(\/|$)/.test(url)) unanswered.push(`${method} ${path}`);
      }
    expect(unanswered).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api2/'))).toEqual([]);
    // A spelling the server does not know is a 404: the check above can fail.
    expect((await t.app.inject({ url: '/api2/ServiceProvider/NoSuchThing' })).statusCode).toBe(404);
  }, 120_000);
});
