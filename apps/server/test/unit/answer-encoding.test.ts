import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, acceptedEncoding } from '../../src/http/answer-cache.ts';

describe('the coding a caller accepts', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding('deflate, identity')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});

describe('a kept answer, compressed', () => {
  const text = JSON.stringify({
    Content: Array.from({ length: 200 }, (_, i) => ({ Id: i, Name: `Job ${i}` })),
  });

  it('is compressed once per coding and decodes to the answer', () => {
    const cache = new AnswerCache();
    cache.keep('k', cache.now(), text);
    const br = cache.get('k', 'br');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.body).toString('utf8')).toBe(text);
    expect(cache.get('k', 'br')?.body).toBe(br?.body);
    const gzip = cache.get('k', 'gzip');
    expect(gunzipSync(gzip!.body).toString('utf8')).toBe(text);
    expect(cache.get('k')).toEqual({ body: Buffer.from(text) });
  });

  it('leaves a small answer plain, and gives nothing once the data changed', () => {
    const cache = new AnswerCache();
    cache.keep('small', cache.now(), '{"Id":1}');
    expect(cache.get('small', 'br')).toEqual({ body: Buffer.from('{"Id":1}') });
    cache.keep('k', cache.now(), text);
    cache.get('k', 'br');
    cache.changed();
    expect(cache.get('k', 'br')).toBeUndefined();
  });
});
