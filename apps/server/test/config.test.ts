import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, firstTokenSecret, loadConfig } from '../src/config.ts';
import { DataDirLockedError, openEmbedded } from '../src/db/database.ts';
import { lockDataDir } from '../src/db/embedded.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'fp-config-'));

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({ DATA_DIR: tmp() });
    expect(c).toMatchObject({ port: 8080, basePath: '/portal/', demoData: true, databaseUrl: undefined });
  });

  it('refuses bad values with a message naming each variable', () => {
    const bad = () =>
      loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), BASE_PATH: '/' })).toThrow(/BASE_PATH/);
  });

  it('refuses an ADMIN_PASSWORD that breaks the password rules of 001 §5', () => {
    const admin = (password: string) => () =>
      loadConfig({
        DATA_DIR: tmp(),
        DEMO_DATA: '0',
        ADMIN_EMAIL: 'boss@example.test',
        ADMIN_PASSWORD: password,
      });
    // Long enough, but no capital, digit or special character: the length alone was checked before.
    expect(admin('bosspassword')).toThrow(
      'ADMIN_PASSWORD: must have at least 6 characters, a capital letter, a digit and a special character',
    );
    expect(admin('Ab1!x')).toThrow(ConfigError);
    expect(admin('Boss!2026x')().adminPassword).toBe('Boss!2026x');
  });

  it('reads the trusted proxies and the kept answers switch', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ trustProxy: false, answerCache: true });
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ DATA_DIR: tmp(), ANSWER_CACHE: '0' }).answerCache).toBe(false);
  });

  it('reads the longest wait of a slowed sign-in (3 s unless set, 0 to 10 s)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).signInMaxDelayMs).toBe(3000);
    expect(loadConfig({ DATA_DIR: tmp(), SIGN_IN_MAX_DELAY_MS: '0' }).signInMaxDelayMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tmp(), SIGN_IN_MAX_DELAY_MS: '60000' })).toThrow(
      /SIGN_IN_MAX_DELAY_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), SIGN_IN_MAX_DELAY_MS: 'soon' })).toThrow(
      /SIGN_IN_MAX_DELAY_MS/,
    );
  });

  it('closes /metrics unless METRICS_TOKEN or METRICS_PUBLIC=1 opens it, never both', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ metricsToken: undefined, metricsPublic: false });
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_PUBLIC: '1' }).metricsPublic).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: 'metrics-token-0123456789' })).toMatchObject({
      metricsToken: 'metrics-token-0123456789',
      metricsPublic: false,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS_PUBLIC: 'yes' })).toThrow(/METRICS_PUBLIC/);
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), METRICS_PUBLIC: '1', METRICS_TOKEN: 'metrics-token-0123456789' }),
    ).toThrow(/METRICS_PUBLIC/);
  });

  it('keeps files in DATA_DIR/uploads alone, in PostgreSQL with DATABASE_URL, in a bucket with S3_URL', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      files: { kind: 'local' },
      uploadsDir: join(dir, 'uploads'),
    });
    const pg = 'postgres://u@db:5432/fieldport';
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pg }).files).toEqual({ kind: 'postgres' });
    expect(
      loadConfig({
        DATA_DIR: dir,
        DATABASE_URL: pg,
        S3_URL: 's3://k:s@minio:9000/files?forcePathStyle=true&tls=false',
      }).files,
    ).toMatchObject({
      kind: 's3',
      s3: { endpoint: 'http://minio:9000', bucket: 'files', forcePathStyle: true },
    });
    expect(() => loadConfig({ DATA_DIR: dir, S3_URL: 'https://minio:9000/files' })).toThrow(/S3_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, S3_URL: 's3://k:s@minio:9000' })).toThrow(/S3_URL.*bucket/s);
  });

  it('normalises BASE_PATH to /name/', () => {
    expect(loadConfig({ DATA_DIR: tmp(), BASE_PATH: 'app' }).basePath).toBe('/app/');
    expect(loadConfig({ DATA_DIR: tmp(), BASE_PATH: '/fsm/portal' }).basePath).toBe('/fsm/portal/');
  });

  it('knows its public address: PUBLIC_URL, else the address it serves at', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: tmp(), HOST: '10.0.0.5', PORT: '9000' }).publicUrl).toBe(
      'http://10.0.0.5:9000',
    );
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://fsm.example.com/' }).publicUrl).toBe(
      'https://fsm.example.com',
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'fsm.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('takes TOKEN_SECRET when set; without it the first key is the one an earlier version kept in DATA_DIR, or a new one', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(40) }).tokenSecret).toBe('x'.repeat(40));
    const fresh = firstTokenSecret(dir);
    expect(fresh.length).toBeGreaterThanOrEqual(32);
    expect(firstTokenSecret(dir)).not.toBe(fresh);
    writeFileSync(join(dir, 'token-secret'), `${'k'.repeat(48)}\n`);
    expect(firstTokenSecret(dir)).toBe('k'.repeat(48));
  });
});

describe('the embedded data folder', () => {
  it('refuses a second process with a clear message, and opens again once released', async () => {
    const dir = tmp();
    const first = await openEmbedded(dir);
    await expect(openEmbedded(dir)).rejects.toThrow(DataDirLockedError);
    await expect(openEmbedded(dir)).rejects.toThrow(/in use by another Fieldport process/);
    await first.close();
    // Released with the database: the folder's lock is free again (the database itself is not opened twice).
    const release = await lockDataDir(dir);
    await release();
  }, 180_000);

  it('takes over at once the lock of a process that was killed (kill -9), and names a live holder', async () => {
    const dir = tmp();
    const embedded = pathToFileURL(join(import.meta.dirname, '../src/db/embedded.ts')).href;
    // The holder takes the folder's lock as openEmbedded does, without opening a database (no wait on one).
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { lockDataDir } from ${JSON.stringify(embedded)};
         await lockDataDir(${JSON.stringify(dir)});
         console.log('ready');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    });
    // Alive: refused, naming the holder.
    await expect(lockDataDir(dir)).rejects.toThrow(
      new RegExp(`in use by another Fieldport process \\(process ${child.pid} on `),
    );
    child.kill('SIGKILL');
    await once(child, 'exit');
    // Its lock is still fresh (stale only after 15 s), and taking a lock never waits (it takes or refuses):
    // taken here, it was taken over because its holder is gone, not because it went stale.
    const release = await lockDataDir(dir);
    await release();
  }, 180_000);
});
