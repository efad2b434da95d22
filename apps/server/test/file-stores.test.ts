import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStoreConfig, S3Location } from '../src/config.ts';
import { s3LocationOf } from '../src/config.ts';
import { storedFileParts } from '../src/db/schema/index.ts';
import { createCustomer } from '../src/dev/factories/index.ts';
import { LocalBlobStore } from '../src/modules/resources/blob-store.ts';
import { FileStore } from '../src/modules/resources/file-store.ts';
import { FILE_PART_BYTES, PostgresBlobStore } from '../src/modules/resources/postgres-blob-store.ts';
import { S3BlobStore } from '../src/modules/resources/s3-blob-store.ts';
import { signedInUser } from './api-client.ts';
import { engines, openTestDatabase, startTestApp } from './harness.ts';
import { form as multipart, type Part, pdf } from './sample-files.ts';
import { allLicences } from './support.ts';

/**
 * Files behind one storage interface (issue 17): the local folder, PostgreSQL and an S3-compatible
 * bucket keep and give back the same bytes, and the documents, images and exports of the API work
 * over each. The S3 store is tried against s3rver, a local S3-compatible server started here.
 */
const BUCKET = 'fieldport-files';
let s3: S3rver;
let s3At: S3Location;

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'fp-s3-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  // s3rver's own credentials; the URL form the README gives.
  s3At = s3LocationOf(
    `s3://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}/tenant-a?region=eu-north-1&forcePathStyle=true&tls=false`,
  );
});
afterAll(async () => {
  await s3?.close();
});

/** Bytes that tell their parts apart: a file over several PostgreSQL parts. */
const bigFile = (bytes: number) => randomBytes(bytes);

describe.each(engines)('the file stores, with PostgreSQL ones on %s', (engine) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  const stores: [string, () => FileStore][] = [
    ['local', () => new FileStore(new LocalBlobStore(mkdtempSync(join(tmpdir(), 'fp-files-'))))],
    ['postgres', () => new FileStore(new PostgresBlobStore(database.db))],
    ['s3', () => new FileStore(new S3BlobStore(s3At))],
  ];

  describe.each(stores)('%s', (kind, make) => {
    let files: FileStore;
    beforeAll(() => {
      files = make();
    });
    afterAll(() => files.close());

    it('keeps a file under a fresh path and gives back its bytes, small, empty and over several parts', async () => {
      expect(files.kind).toBe(kind);
      const small = Buffer.from('Filter changed. Ølkjøler OK.\n');
      const a = await files.saveFile('documents/machine', small, 'txt');
      expect(a).toMatch(/^documents\/machine\/[0-9a-f-]{36}\.txt$/);
      expect(await files.read(a)).toEqual(small);
      expect(await files.read(`./${a.replace('/', '//')}`)).toEqual(small);
      const empty = await files.saveFile('imports', Buffer.alloc(0), 'csv');
      expect((await files.read(empty)).length).toBe(0);
      const big = bigFile(FILE_PART_BYTES * 2 + 12_345);
      const b = await files.saveFile('documents/job', big, 'pdf');
      expect(b).not.toBe(a);
      expect((await files.read(b)).equals(big)).toBe(true);
    });

    it('removes a file (then 404), and a missing one is no error', async () => {
      const a = await files.saveFile('documents/customer', pdf(), 'pdf');
      await files.remove(a);
      await expect(files.read(a)).rejects.toMatchObject({ status: 404 });
      await files.remove(a);
      await files.remove('documents/customer/never-there.pdf');
      await expect(files.read('documents/customer/never-there.pdf')).rejects.toMatchObject({ status: 404 });
    });

    it('refuses paths that leave the store with 400, before asking it', async () => {
      for (const bad of ['../secret', 'a/../../b', '/etc/passwd', 'C:/x', 'a\0b', '', '.', '..\\x'])
        await expect(files.read(bad), bad).rejects.toMatchObject({ status: 400 });
    });

    it('keeps a file written as a stream (an export), and nothing when its writer fails', async () => {
      const big = bigFile(FILE_PART_BYTES + 777);
      const { stored, result } = await files.saveWritten('exports', 'xlsx', async (file) => {
        await writeFile(file, big);
        return big.length;
      });
      expect(result).toBe(big.length);
      expect((await files.read(stored)).equals(big)).toBe(true);
      let failed = '';
      await expect(
        files.saveWritten('exports', 'xlsx', async (file) => {
          failed = file;
          await writeFile(file, 'half');
          throw new Error('the export failed');
        }),
      ).rejects.toThrow('the export failed');
      // The half-written file is gone wherever it was written.
      expect(existsSync(failed)).toBe(false);
    });
  });

  it('keeps PostgreSQL files in parts of at most 1 MiB, and removes every part', async () => {
    const files = new FileStore(new PostgresBlobStore(database.db));
    const big = bigFile(FILE_PART_BYTES * 2 + 1);
    const path = await files.saveFile('documents/machine', big, 'pdf');
    const parts = async () =>
      (
        await database.db.select({ n: count() }).from(storedFileParts).where(eq(storedFileParts.path, path))
      )[0]?.n;
    expect(await parts()).toBe(3);
    await files.remove(path);
    expect(await parts()).toBe(0);
  });

  it('still reads and removes the files an earlier version kept in DATA_DIR/uploads', async () => {
    const uploads = mkdtempSync(join(tmpdir(), 'fp-older-'));
    mkdirSync(join(uploads, 'documents', 'machine'), { recursive: true });
    writeFileSync(join(uploads, 'documents', 'machine', 'old.pdf'), pdf('old'));
    const files = new FileStore(new PostgresBlobStore(database.db), new LocalBlobStore(uploads));
    expect(await files.read('documents/machine/old.pdf')).toEqual(pdf('old'));
    // New files go to the database, not the folder.
    const fresh = await files.saveFile('documents/machine', pdf('new'), 'pdf');
    expect(existsSync(join(uploads, fresh))).toBe(false);
    await files.remove('documents/machine/old.pdf');
    expect(existsSync(join(uploads, 'documents', 'machine', 'old.pdf'))).toBe(false);
  });
});

describe('S3_URL', () => {
  it('names the endpoint, bucket, prefix, region, address style and credentials', () => {
    expect(
      s3LocationOf('s3://AKIA1:se%2Fcr%2Bet@minio.internal:9000/files/prod?forcePathStyle=true&tls=false'),
    ).toEqual({
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      bucket: 'files',
      prefix: 'prod/',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'se/cr+et' },
    });
    expect(s3LocationOf('s3://s3.eu-north-1.amazonaws.com/fieldport?region=eu-north-1')).toEqual({
      endpoint: 'https://s3.eu-north-1.amazonaws.com',
      region: 'eu-north-1',
      bucket: 'fieldport',
      prefix: '',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => s3LocationOf('s3://key:secret@minio.internal:9000')).toThrow(/S3_URL.*bucket/s);
    expect(() => s3LocationOf('s3://h/b?tls=maybe')).toThrow(/S3_URL: tls/);
  });
});

/** Documents, images and exports through the API over each shared store. */
const shared: [string, (engine: string) => FileStoreConfig][] = [
  ['postgres', () => ({ kind: 'postgres' })],
  ['s3', () => ({ kind: 's3', s3: s3At })],
];

describe.each(engines)('the API over the shared file stores on %s', (engine) => {
  describe.each(shared)('%s', (kind, config) => {
    let t: Awaited<ReturnType<typeof startTestApp>>;
    beforeAll(async () => {
      t = await startTestApp(engine, { files: config(engine) });
      await allLicences(t.app);
    });
    afterAll(() => t.close());

    it('stores an uploaded document there, not in the folder, and serves it only to who may see it', async () => {
      const { api: technician } = await signedInUser(t, 2);
      const customer = await createCustomer(t.db);
      const manual = pdf(`Manual kept in ${kind}`);
      const parts: Part[] = [['Files', { filename: 'manual.pdf', data: manual }]];
      const { payload, contentType } = multipart(parts);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api2/ServiceProvider/customer/${customer.id}/documents`,
        headers: { ...technician.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [doc] = res.json() as { RelativePath: string }[];
      expect(existsSync(t.uploads) ? readdirSync(t.uploads) : []).toEqual([]);
      const served = await technician.get('/api2/resource/', { relativePath: doc!.RelativePath });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(manual)).toBe(true);
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename="manual.pdf"/);
      // A customer user of another company: not found, though the file is there.
      const other = await createCustomer(t.db);
      const stranger = await signedInUser(t, 4, { customerId: other.id });
      expect(
        (await stranger.api.get('/api2/resource/', { relativePath: doc!.RelativePath })).statusCode,
      ).toBe(404);
      // Deleted with its document.
      const id = (res.json() as { Id: number }[])[0]!.Id;
      expect((await technician.delete(`documents/Delete/${id}`)).statusCode).toBe(200);
      expect((await technician.get('/api2/resource/', { relativePath: doc!.RelativePath })).statusCode).toBe(
        404,
      );
    });

    it('keeps an uploaded image (the logo), served by Report/logo and resource/', async () => {
      const { api: admin } = await signedInUser(t, 1);
      const png = await sharp({
        create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
      })
        .png()
        .toBuffer();
      const { payload, contentType } = multipart([
        ['imageFile', { filename: 'logo.png', data: png, contentType: 'image/png' }],
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/settings/UpdateLogo',
        headers: { ...admin.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { LogoPath } = res.json() as { LogoPath: string };
      const logo = await admin.get('/api2/Report/logo');
      expect(logo.headers['content-type']).toBe('image/png');
      expect(await sharp(logo.rawPayload).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
      const served = await admin.get('/api2/resource/', { relativePath: LogoPath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(existsSync(t.uploads) ? readdirSync(t.uploads) : []).toEqual([]);
    });

    it('keeps an export written as a stream, which its owner downloads', async () => {
      const { api: admin } = await signedInUser(t, 1);
      const customer = await createCustomer(t.db, { name: `Stored in ${kind} AS` });
      expect((await admin.post('Export/', { Kind: 'Customers' })).statusCode).toBe(200);
      await t.app.services.tasks.drain();
      const [file] = (await admin.get('Export/')).json() as { DisplayedExportDate: string }[];
      const res = await admin.get('Export/File', { displayedExportDate: file!.DisplayedExportDate });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const names = (book.getWorksheet('Customers')!.getSheetValues().filter(Boolean) as unknown[][]).map(
        (r) => r[3],
      );
      expect(names).toContain(customer.name);
      expect(existsSync(t.uploads) ? readdirSync(t.uploads) : []).toEqual([]);
    });
  });
});
