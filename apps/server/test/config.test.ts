import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DataDirLockedError, openEmbedded } from '../src/db/database.ts';

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

  it('normalises BASE_PATH to /name/', () => {
    expect(loadConfig({ DATA_DIR: tmp(), BASE_PATH: 'app' }).basePath).toBe('/app/');
    expect(loadConfig({ DATA_DIR: tmp(), BASE_PATH: '/fsm/portal' }).basePath).toBe('/fsm/portal/');
  });

  it('generates the token secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).tokenSecret).toBe(first);
    expect(readFileSync(join(dir, 'token-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(40) }).tokenSecret).toBe('x'.repeat(40));
  });
});

describe('the embedded data folder', () => {
  it('refuses a second process with a clear message, and opens again once released', async () => {
    const dir = tmp();
    const first = await openEmbedded(dir);
    await expect(openEmbedded(dir)).rejects.toThrow(DataDirLockedError);
    await expect(openEmbedded(dir)).rejects.toThrow(/in use by another Fieldport process/);
    await first.close();
    const again = await openEmbedded(dir);
    await again.ping();
    await again.close();
  }, 60_000);
});
