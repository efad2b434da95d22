import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './harness.ts';
import { emptyDatabase, migrations, migrationsBefore } from './migration-db.ts';

describe.each(engines)('migration 0037 (the map points) on a database made before it on %s', (engine) => {
  let d: Awaited<ReturnType<typeof emptyDatabase>>;
  const points = () =>
    d.query('select id, place_latitude as lat, place_longitude as lng from jobs order by id');
  beforeAll(async () => {
    d = await emptyDatabase(engine);
    await d.migrate(migrationsBefore(37));
    // A placed address and an unplaced one; a parent job at each, and a sub-job at the placed one.
    await d.exec(`
      insert into job_statuses (id, name, color, icon) values (10, 'New', '#2196f3', 'Add');
      insert into job_types (id, name) values (1, 'Service');
      insert into customers (id, customer_number, name) values (1, '1001', 'Kunde AS');
      insert into addresses (id, customer_id, latitude, longitude) values (1, 1, 59.91, 10.75), (2, 1, null, null);
      insert into jobs (id, customer_id, delivery_address_id, display_name, job_status_id, job_type_id)
        values (1, 1, 1, 'At the office', 10, 1), (2, 1, 2, 'Nowhere yet', 10, 1);
      insert into jobs (id, parent_id, customer_id, delivery_address_id, display_name, job_status_id, job_type_id)
        values (3, 1, 1, 1, 'A line', 10, 1);
    `);
    await d.migrate(migrations);
  });
  afterAll(() => d.close());

  it('gives the parent jobs already made their address’s point, none to an unplaced address or a sub-job', async () => {
    expect(await points()).toEqual([
      { id: 1, lat: 59.91, lng: 10.75 },
      { id: 2, lat: null, lng: null },
      { id: 3, lat: null, lng: null },
    ]);
  });

  it('keeps the points with the addresses afterwards, whatever a statement writes to them itself', async () => {
    await d.exec(`
      update addresses set latitude = 60.39, longitude = 5.32 where id = 2;
      update jobs set place_latitude = 0, place_longitude = 0 where id = 1;
      insert into jobs (id, customer_id, delivery_address_id, display_name, job_status_id, job_type_id, place_latitude, place_longitude)
        values (4, 1, 2, 'New at the workshop', 10, 1, 1, 1);
    `);
    expect(await points()).toEqual([
      { id: 1, lat: 59.91, lng: 10.75 },
      { id: 2, lat: 60.39, lng: 5.32 },
      { id: 3, lat: null, lng: null },
      { id: 4, lat: 60.39, lng: 5.32 },
    ]);
  });
});
