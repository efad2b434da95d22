import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './harness.ts';
import { emptyDatabase, migrations, migrationsBefore, migrationsWithout } from './migration-db.ts';

describe.each(engines)('migration 0015 on a database with the built-in lookups on %s', (engine) => {
  let d: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    d = await emptyDatabase(engine);
    await d.migrate(migrationsBefore(15));
    // What a company had before names per language: the built-in rows, one of them renamed.
    await d.exec(`
      insert into job_statuses (id, name, color, icon, sort_order) values
        (10, 'New', '#757575', 'FiberNew', 1), (20, 'Booked', '#1976d2', 'Event', 2);
      insert into job_sub_statuses (id, job_status_id, name) values (2, 10, 'Needs quotation');
      insert into job_types (id, name) values (4, 'Installation');
      insert into job_priorities (id, name, due_after_hours) values (1, 'Critical', 4);
      insert into repair_places (id, name) values (2, 'Workshop'), (9, 'Our own yard');
    `);
    await d.migrate(migrations);
  });
  afterAll(() => d.close());

  const namesOf = async (table: string, id: number) =>
    (await d.query(`select names from ${table} where id = ${id}`))[0]?.names as Record<string, string>;

  it('gives the built-in rows their names in all five languages', async () => {
    expect(await namesOf('job_statuses', 10)).toEqual({
      en: 'New',
      no: 'Ny',
      sv: 'Ny',
      'zh-CN': '新建',
      'zh-HK': '新建',
    });
    expect((await namesOf('job_sub_statuses', 2)).no).toBe('Trenger tilbud');
    expect((await namesOf('job_types', 4))['zh-HK']).toBe('安裝');
    expect((await namesOf('job_priorities', 1)).sv).toBe('Kritisk');
    expect((await namesOf('repair_places', 2)).no).toBe('Verksted');
  });

  it('leaves a renamed built-in row and the company’s own rows under their own name', async () => {
    expect(await namesOf('job_statuses', 20)).toEqual({});
    expect(await namesOf('repair_places', 9)).toEqual({});
  });

  it('draws status 10 with the language-neutral icon', async () => {
    expect((await d.query('select icon from job_statuses where id = 10'))[0]?.icon).toBe('NewReleases');
    expect((await d.query('select icon from job_statuses where id = 20'))[0]?.icon).toBe('Event');
  });
});

describe.each(engines)('migration 0015 on a database that ran the later 0016 first on %s', (engine) => {
  let d: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    d = await emptyDatabase(engine);
    // As such a database was: 0016 applied before 0015 existed, and nothing later.
    await d.migrate(migrationsWithout((idx) => idx === 15 || idx > 16));
    await d.exec(`insert into job_types (id, name) values (2, 'Repair');`);
    await d.migrate(migrations);
  });
  afterAll(() => d.close());

  it('still runs 0015, and the later ones', async () => {
    const [row] = await d.query('select names from job_types where id = 2');
    expect((row?.names as Record<string, string> | undefined)?.no).toBe('Reparasjon');
    // 0017: the statistics of the job search's words.
    const stats = await d.query("select stxname from pg_statistic_ext where stxname = 'jobs_search_words'");
    expect(stats).toHaveLength(1);
  });
});
