import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from '../src/dev/factories/index.ts';
import { type Api, multipartBody, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { jpegWithGps, pngBomb, svgWithScript } from './sample-files.ts';
import { allLicences } from './support.ts';

/** Decision 025: the content security policy, image uploads checked and re-encoded, safe downloads. */

function webBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'fp-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Fieldport</title></head></html>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'export {};');
  return dir;
}

const directives = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe.each(engines)('headers and uploads on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;

  beforeAll(async () => {
    t = await startTestApp(engine, { webDist: webBuild() });
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    technician = (await signedInUser(t, 2)).api;
  });
  afterAll(() => t.close());

  const stored = (folder: string) => {
    try {
      return readdirSync(join(t.uploads, folder)).length;
    } catch {
      return 0;
    }
  };
  const group = (file: { filename: string; data: Buffer; contentType?: string }, lang = 'en') => {
    const { payload, contentType } = multipartBody({
      CustomerGroup: { Name: `G ${Math.random()}` },
      ImageFile: file,
    });
    return t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/CustomerGroup/',
      headers: { ...admin.headers, 'content-type': contentType, 'accept-language': lang },
      payload,
    });
  };
  const logo = (file: { filename: string; data: Buffer }, lang = 'en') => {
    const { payload, contentType } = multipartBody({ imageFile: file });
    return t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/settings/UpdateLogo',
      headers: { ...admin.headers, 'content-type': contentType, 'accept-language': lang },
      payload,
    });
  };
  const documents = (machineId: number, file: { filename: string; data: Buffer }, lang = 'en') => {
    const { payload, contentType } = multipartBody({ Files: file });
    return t.app.inject({
      method: 'POST',
      url: `/api2/ServiceProvider/Machine/${machineId}/Documents`,
      headers: { ...technician.headers, 'content-type': contentType, 'accept-language': lang },
      payload,
    });
  };

  it('lets no page be framed and no base element move URLs, the web page keeping its own base', async () => {
    for (const url of ['/api2/app/portal', '/api2/healthz', '/portal/assets/index-abc123.js']) {
      const res = await t.app.inject({ url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp, url).toMatchObject({
        'frame-ancestors': "'none'",
        'base-uri': "'none'",
        'frame-src': "'none'",
        'object-src': "'none'",
        'script-src': "'self'",
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    const page = await t.app.inject({ url: '/portal/jobs/5' });
    expect(page.body).toContain('<base href="/portal/">');
    // The index page's own <base href="{BASE_PATH}"> stays allowed; nothing else differs.
    const csp = directives(page.headers['content-security-policy']);
    expect(csp).toMatchObject({ 'frame-ancestors': "'none'", 'base-uri': "'self'", 'script-src': "'self'" });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // index.html by name, as the installable app's worker precaches it (decision 071): the same page,
    // with its <base>, its policy and no long-lived caching.
    const named = await t.app.inject({ url: '/portal/index.html' });
    expect(named.statusCode).toBe(200);
    expect(named.body).toBe(page.body);
    expect(named.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    expect(named.headers['cache-control']).toBe('no-cache');
  });

  it('re-encodes an uploaded photo: turned upright, its EXIF and GPS position gone, shown inline', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await group({ filename: 'photo.jpg', data: photo, contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const image = await admin.get('/api2/resource/', { relativePath: res.json().ImagePath });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]+\.jpg"/);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes('Fieldport test camera')).toBe(false);
  });

  it('refuses a lying type, an SVG with script, a decompression bomb and a broken image, translated', async () => {
    const groups = stored('customer-groups');
    const svg = await group({ filename: 'logo.png', data: svgWithScript(), contentType: 'image/png' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().Message).toBe('Image upload accepts png and jpeg only.');
    const html = await group(
      { filename: 'x.jpg', data: Buffer.from('<html><script>1</script>'), contentType: 'image/jpeg' },
      'no',
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().Message).toBe('Bildeopplasting godtar bare png og jpeg.');

    const bomb = await group({ filename: 'bomb.png', data: pngBomb(), contentType: 'image/png' }, 'sv');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toEqual({
      Message: 'Bilden har mer än 40 megapixlar.',
      Errors: [{ Field: 'ImageFile', Message: 'Bilden har mer än 40 megapixlar.' }],
    });
    const cut = (await jpegWithGps()).subarray(0, 400);
    const broken = await group({ filename: 'cut.jpg', data: cut }, 'zh-CN');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().Message).toBe('无法读取该图片：图片已损坏或不完整。');
    expect(stored('customer-groups')).toBe(groups);

    const logoBomb = await logo({ filename: 'logo.png', data: pngBomb() }, 'zh-HK');
    expect(logoBomb.statusCode).toBe(400);
    expect(logoBomb.json().Errors).toEqual([{ Field: 'imageFile', Message: '圖片超過 40 百萬像素。' }]);
    expect(stored('logo')).toBe(0);
  });

  it('re-encodes images among documents, refuses bombs and SVG, and sends every document as an attachment', async () => {
    const machine = await createMachine(t.db);
    const photo = await documents(machine.id, { filename: 'site.jpg', data: await jpegWithGps() });
    expect(photo.statusCode, photo.body).toBe(200);
    const [doc] = photo.json();
    const served = await technician.get('/api2/resource/', { relativePath: doc.RelativePath });
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="site.jpg"; filename*=UTF-8''site.jpg`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(doc.Size).toBe(served.rawPayload.length);

    const before = stored('documents/machine');
    const bomb = await documents(machine.id, { filename: 'plan.png', data: pngBomb() }, 'no');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().Message).toBe('plan.png har mer enn 40 megapiksler.');
    const svg = await documents(machine.id, { filename: 'drawing.svg', data: svgWithScript() });
    expect(svg.statusCode).toBe(400);
    expect(stored('documents/machine')).toBe(before);
  });

  it('names downloads safely: no folders, quotes, control or direction characters', async () => {
    const machine = await createMachine(t.db);
    const hostile = 'C:\\temp\\..\\"r\u202Eport\u0007 (1)\'s copy 100%.txt';
    const res = await documents(machine.id, { filename: hostile, data: Buffer.from('Readings OK.\n') });
    expect(res.statusCode, res.body).toBe(200);
    const served = await technician.get('/api2/resource/', { relativePath: res.json()[0].RelativePath });
    const header = String(served.headers['content-disposition']);
    expect(header).toBe(
      `attachment; filename="rport (1)s copy 100_.txt"; filename*=UTF-8''rport%20%281%29s%20copy%20100%25.txt`,
    );
  });
});
