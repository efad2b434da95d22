import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp, testConfig } from './harness.ts';
import { bearer, tokensOf } from './support.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The planner's map learns MAP_STYLE_URL (the 'Map' type) and MAP_SATELLITE_STYLE_URL (the 'Satellite'
 * type) from the user info's GlobalSettings.Maps (decision 038).
 */
describe.each(engines)('the map styles in the user info on %s', (engine) => {
  const apps: { styled?: TestApp; satellite?: TestApp; plain?: TestApp } = {};

  beforeAll(async () => {
    [apps.styled, apps.satellite, apps.plain] = await Promise.all([
      startTestApp(engine, {
        mapStyleUrl: 'https://tiles.example.com/style.json',
        mapSatelliteStyleUrl: 'https://tiles.example.com/imagery.pmtiles',
      }),
      startTestApp(engine, { mapSatelliteStyleUrl: 'https://tiles.example.com/satellite.json' }),
      startTestApp(engine),
    ]);
  });
  afterAll(async () => {
    await Promise.all([apps.styled?.close(), apps.satellite?.close(), apps.plain?.close()]);
  });

  async function mapsOf(t: TestApp | undefined) {
    if (!t) throw new Error('the test server did not start');
    const user = await createUser(t.db, { userTypeId: 2 });
    const token = (await tokensOf(t.app, user.email)).access_token;
    const res = await t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().GlobalSettings.Maps;
  }

  it('answers the map and the satellite style URLs next to the main office', async () => {
    const maps = await mapsOf(apps.styled);
    expect(maps.MapStyleUrl).toBe('https://tiles.example.com/style.json');
    expect(maps.MapSatelliteStyleUrl).toBe('https://tiles.example.com/imagery.pmtiles');
    expect(maps.MainLocationCoordinates).toMatch(/,/);
    expect(maps.GoogleMapsApiKey).toBeDefined();
  });

  it('answers a satellite style alone, the map type staying on the built-in base', async () => {
    const maps = await mapsOf(apps.satellite);
    expect(maps.MapStyleUrl).toBeNull();
    expect(maps.MapSatelliteStyleUrl).toBe('https://tiles.example.com/satellite.json');
  });

  it('answers null for both without them, so the map draws its built-in base', async () => {
    const maps = await mapsOf(apps.plain);
    expect(maps.MapStyleUrl).toBeNull();
    expect(maps.MapSatelliteStyleUrl).toBeNull();
  });
});

describe('MAP_SATELLITE_STYLE_URL', () => {
  const dataDir = testConfig().dataDir;
  it('is read from the environment and must be an http(s) address', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir, MAP_SATELLITE_STYLE_URL: 'https://tiles.example.com/s.pmtiles' })
        .mapSatelliteStyleUrl,
    ).toBe('https://tiles.example.com/s.pmtiles');
    expect(loadConfig({ DATA_DIR: dataDir }).mapSatelliteStyleUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir, MAP_SATELLITE_STYLE_URL: 'tiles/s.pmtiles' })).toThrow(
      /MAP_SATELLITE_STYLE_URL/,
    );
  });
});
