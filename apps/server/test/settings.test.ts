import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartBody, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

describe.each(engines)('the Admin’s settings on %s', (engine) => {
  const s = staffApp(engine);

  it('saves company settings, which the user info and the group then show', async () => {
    const res = await s.admin.post('settings/group', {
      Group: 'serviceprovider',
      Values: { CompanyName: 'Nordic Service AS', Telephone: '+47 22 00 00 00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Values).toMatchObject({
      CompanyName: 'Nordic Service AS',
      Telephone: '+47 22 00 00 00',
    });
    expect((await s.admin.get('settings/settingName/CompanyName')).json()).toEqual({
      Group: 'serviceprovider',
      Name: 'CompanyName',
      Value: 'Nordic Service AS',
    });
  });

  it('saves global settings that the user info sends to every client', async () => {
    const res = await s.admin.post('settings/list', [
      { Group: 'global', Name: 'WorkHourStart', Value: '07:00' },
      { Group: 'global', Name: 'WorkHourEnd', Value: '15:30' },
      { Group: 'global', Name: 'TimeZone', Value: 'Europe/Stockholm' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const info = (await s.technician.get('userinfo')).json();
    expect(info.GlobalSettings).toMatchObject({
      WorkHourStart: '07:00',
      WorkHourEnd: '15:30',
      TimeZone: 'Europe/Stockholm',
    });
  });

  it('refuses unknown names, wrong values, work hours that end before they start and read-only groups; nothing is written', async () => {
    const before = await writes(s.t.db);
    const cases: [object, string, string][] = [
      [{ Group: 'email', Values: { Nope: true } }, 'Values', 'There is no setting Nope in this group.'],
      [
        { Group: 'global', Values: { TimeZone: 'Mars/Olympus' } },
        'Values.TimeZone',
        'Must be a time zone such as Europe/Oslo.',
      ],
      [
        { Group: 'global', Values: { WorkHourStart: '25:00' } },
        'Values.WorkHourStart',
        'Must be a time as hh:mm.',
      ],
      [
        { Group: 'global', Values: { WorkHourStart: '18:00', WorkHourEnd: '09:00' } },
        'Values.WorkHourEnd',
        'The end must be after the start.',
      ],
      [
        { Group: 'global', Values: { DefaultJobCategoryId: 9999 } },
        'Values.DefaultJobCategoryId',
        'No job category with id 9999 was found.',
      ],
      [
        { Group: 'serviceprovider', Values: { Email: 'not a mail' } },
        'Values.Email',
        'Invalid E-mail address',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await s.admin.post('settings/group', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Errors).toContainEqual({ Field: field, Message: message });
    }
    const licences = await s.admin.post('settings', { Group: 'licences', Name: 'Maps', Value: true });
    expect(licences.statusCode).toBe(400);
    // A list with one bad setting saves none of it.
    const mixed = await s.admin.post('settings/list', [
      { Group: 'serviceprovider', Name: 'CompanyName', Value: 'Half saved' },
      { Group: 'global', Name: 'WorkHourEnd', Value: 'late' },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(await writes(s.t.db)).toEqual(before);
    expect((await s.admin.get('settings/settingName/CompanyName')).json().Value).not.toBe('Half saved');
    expect((await s.technician.get('settings/group', { group: 'global' })).statusCode).toBe(403);
  });

  it('keeps the e-mail templates: defaults first, then the Admin’s text', async () => {
    const group = (await s.admin.get('settings/group', { group: 'email' })).json();
    expect(group.Values).toMatchObject({ NewJobEmailEnabled: false, NewJobEmailSubject: 'New job {JobId}' });
    await s.admin.post('settings', { Group: 'email', Name: 'NewJobEmailEnabled', Value: true });
    const list = (await s.admin.get('settings/list', { group: 'email' })).json() as {
      Name: string;
      Value: unknown;
    }[];
    expect(list.find((s) => s.Name === 'NewJobEmailEnabled')?.Value).toBe(true);
  });

  it('serves the uploaded logo from Report/logo, and refuses a file that is not an image', async () => {
    const builtIn = await s.admin.get('/api2/Report/logo');
    expect(builtIn.headers['content-type']).toContain('image/svg+xml');
    const bad = multipartBody({ imageFile: { filename: 'logo.png', data: Buffer.from('not an image') } });
    const refused = await s.t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/settings/UpdateLogo',
      headers: { ...s.admin.headers, 'content-type': bad.contentType },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    const samplePng = Buffer.from(await QRCode.toBuffer('logo', { type: 'png' }));
    const good = multipartBody({
      imageFile: { filename: 'logo.png', data: samplePng, contentType: 'image/png' },
    });
    const saved = await s.t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/settings/UpdateLogo',
      headers: { ...s.admin.headers, 'content-type': good.contentType },
      payload: good.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = await s.admin.get('/api2/Report/logo');
    expect(logo.headers['content-type']).toBe('image/png');
    // Re-encoded (decision 025): the same pixels, not necessarily the same bytes.
    expect(await sharp(logo.rawPayload).raw().toBuffer()).toEqual(await sharp(samplePng).raw().toBuffer());
  });
});
