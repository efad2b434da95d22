import { describe, expect, it } from 'vitest';
import { createUser } from '../src/dev/factories/index.ts';
import { staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

/**
 * What a client written from the catalogue sends (issue 11, contract fidelity): 002 §5 sends every
 * date as 'YYYY-MM-DDTHH:mm:ss', and a validation answer names each field once.
 */
describe.each(engines)('the catalogue as a client reads it, on %s', (engine) => {
  const s = staffApp(engine);

  it('takes a date as YYYY-MM-DDTHH:mm:ss wherever a date is asked for, the same as the bare date', async () => {
    for (const path of ['Scheduler/DateRange/', 'Appointment/DateRange/']) {
      const bare = await s.admin.get(path, { date1: '2026-11-23', date2: '2026-11-29' });
      const timed = await s.admin.get(path, { date1: '2026-11-23T00:00:00', date2: '2026-11-29T00:00:00' });
      expect(bare.statusCode, bare.body).toBe(200);
      expect(timed.statusCode, timed.body).toBe(200);
      expect(timed.json()).toEqual(bare.json());
    }
    const user = await createUser(s.t.db, { userTypeId: 2 });
    const created = await s.admin.post('Appointment/create', {
      Subject: 'Course',
      AppointmentDate: '2026-11-23T00:00:00',
      StartTime: '08:00',
      EndTime: '10:30',
      Participants: [user.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      StartTime: '2026-11-23T08:00:00',
      EndTime: '2026-11-23T10:30:00',
    });
  });

  it('takes a date and time with minutes only, a fraction of a second, or a bare date (its midnight)', async () => {
    for (const [StartTime, EndTime] of [
      ['2026-11-24T08:00', '2026-11-24T09:00'],
      ['2026-11-24T08:00:00.000', '2026-11-24T09:00:00.000'],
      ['2026-11-24', '2026-11-25'],
    ]) {
      const res = await s.admin.post('Appointment/available', { StartTime, EndTime });
      expect(res.statusCode, `${StartTime}: ${res.body}`).toBe(200);
    }
    const wrong = await s.admin.post('Appointment/available', {
      StartTime: '24.11.2026 08:00',
      EndTime: '2026-11-24T09:00:00Z',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Errors).toEqual([
      { Field: 'StartTime', Message: 'Must be a date and time as YYYY-MM-DDTHH:mm:ss.' },
      { Field: 'EndTime', Message: 'Must be a date and time as YYYY-MM-DDTHH:mm:ss.' },
    ]);
  });

  it('names each invalid field once, with its first message, and saves nothing', async () => {
    const before = await writes(s.t.db);
    const res = await s.admin.post('customer/', {
      Name: `Line one\nline two ${'x'.repeat(300)}`,
      DefaultDeliveryAddress: { Name: '', Street: '', Zip: '', City: '' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json().Errors as { Field: string }[]).map((e) => e.Field);
    expect(fields).toEqual([...new Set(fields)]);
    expect(fields).toEqual(expect.arrayContaining(['Name', 'DefaultDeliveryAddress.Street']));
    expect(res.json().Message.match(/DefaultDeliveryAddress\.Street/g)).toHaveLength(1);
    expect(await writes(s.t.db)).toEqual(before);
  });
});
