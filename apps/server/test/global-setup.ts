import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { embeddedSnapshot, openPostgres } from '../src/db/database.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated empty embedded database's data folder (a tar file) each test file starts from. */
    pgliteSnapshot: string;
    /** A migrated empty PostgreSQL database each test file's database is copied from; '' without one. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one empty database per engine before the integration tests, and lets each test file copy
 * it (harness.ts openTestDatabase) instead of starting PGlite anew and migrating again: the migrations
 * took most of a file's set-up, about 40 s of a loaded machine's time per file on PGlite.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'fp-snapshot-'));
  const snapshot = join(folder, 'pglite.tar');
  writeFileSync(snapshot, new Uint8Array(await (await embeddedSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', snapshot);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template = '';
  if (adminUrl) {
    template = `fp_test_template_${randomUUID().replaceAll('-', '')}`;
    await admin(adminUrl, `create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    await (await openPostgres(url.toString())).close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && template) await admin(adminUrl, `drop database if exists ${template} with (force)`);
  };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
