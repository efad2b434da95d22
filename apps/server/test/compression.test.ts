import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { bearer, tokensOf } from './support.ts';

/** A built web app of one page and one script, as large as a real chunk's start. */
function webBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'fp-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Fieldport</title></head></html>');
  const script = Array.from({ length: 2000 }, (_, i) => `export const line${i} = 'value ${i}';`).join('\n');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, script };
}

describe.each(engines)('response compression on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let web: ReturnType<typeof webBuild>;
  let auth: Record<string, string>;
  const word = `Zipped${Math.random().toString(36).slice(2, 8)}`;
  const list = (encoding?: string) =>
    t.app.inject({
      url: '/api2/ServiceProvider/customer/Filtered',
      query: { SearchWord: word, ItemsPerPage: '50' },
      headers: { ...auth, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  beforeAll(async () => {
    web = webBuild();
    // Answers kept as a served process keeps them (ANSWER_CACHE's default): read again, they are compressed too.
    t = await startTestApp(engine, { webDist: web.dir, answerCache: true });
    for (let i = 0; i < 40; i++) await createCustomer(t.db, { name: `${word} ${i}` });
    const admin = await createUser(t.db, { userTypeId: 1 });
    auth = bearer((await tokensOf(t.app, admin.email)).access_token);
  });
  afterAll(() => t.close());

  it('sends a large JSON answer gzip-encoded when the client accepts gzip, and plain otherwise', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().TotalCount).toBe(40);
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const gzip = await list('gzip');
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['content-type']).toMatch(/^application\/json/);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers br when both are accepted, and leaves a small answer plain', async () => {
    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')).TotalCount).toBe(40);
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('gives a kept answer compressed in the coding each caller accepts, and the new answer after a write', async () => {
    const plain = await list();
    const decoded = (r: Awaited<ReturnType<typeof list>>) =>
      JSON.parse(
        (r.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(r.rawPayload)
          : r.headers['content-encoding'] === 'gzip'
            ? gunzipSync(r.rawPayload)
            : r.rawPayload
        ).toString('utf8'),
      );
    // Read again (kept) by callers that accept br, gzip only, or refuse both.
    const br = await list('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(decoded(br)).toEqual(plain.json());
    const again = await list('br');
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await list('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(plain.json());
    const refused = await list('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());

    // A new customer: the kept answers, compressed ones included, are not given again.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/customer',
      headers: auth,
      payload: { Name: `${word} added`, CustomerNumber: `Z-${word}` },
    });
    expect(added.statusCode).toBe(200);
    const after = await list('br');
    expect(after.headers['content-encoding']).toBe('br');
    expect(decoded(after).TotalCount).toBe(41);
  });

  it('compresses the web build’s files and keeps their caching and the security headers', async () => {
    const script = await t.app.inject({
      url: '/portal/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(script.rawPayload).toString('utf8')).toBe(web.script);

    const plain = await t.app.inject({ url: '/portal/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.script);

    // An image is already compressed: sent as it is.
    const image = await t.app.inject({ url: '/portal/logo.png', headers: { 'accept-encoding': 'gzip' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(4096);
    expect(image.headers['cache-control']).toBe('no-cache');
    // The favicon is kept a day: not asked for again on every in-app navigation.
    const icon = await t.app.inject({ url: '/portal/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });
});
