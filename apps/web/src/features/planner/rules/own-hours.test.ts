import { describe, expect, it } from 'vitest';
import { capacityMinutes, companyHours, offHours, ownHoursOf } from './own-hours.ts';
import { HOUR, parseWallClock } from './wall-clock.ts';

const company = { start: 8 * 60, end: 16 * 60 };
const monday = parseWallClock('2026-03-02T00:00:00');
const friday = parseWallClock('2026-03-06T00:00:00');
const saturday = parseWallClock('2026-03-07T00:00:00');
const resource = (extra: object = {}) => ({ id: 1, name: 'Ola', departmentId: null, type: 2, ...extra });
// Usual 07:00–13:00; Friday until 11:00 (its start the usual one); Saturday off.
const ola = ownHoursOf(
  resource({
    workStart: '07:00',
    workEnd: '13:00',
    workDays: [
      { weekday: 5, off: false, workStart: null, workEnd: '11:00' },
      { weekday: 6, off: true, workStart: null, workEnd: null },
    ],
  }),
);

describe('a technician’s own hours on the board (decision 100)', () => {
  it('reads the company’s hours, 08:00–16:00 when unset or malformed', () => {
    expect(companyHours('07:30', '15:00')).toEqual({ start: 450, end: 900 });
    expect(companyHours(undefined, 'late')).toEqual(company);
  });

  it('gives the load bar the own hours’ length, the weekday’s where it has its own, none on a day off', () => {
    expect(capacityMinutes(ola, monday, company, 450)).toBe(6 * 60);
    expect(capacityMinutes(ola, friday, company, 450)).toBe(4 * 60);
    expect(capacityMinutes(ola, saturday, company, 450)).toBe(0);
  });

  it('keeps the company’s work day for a technician without hours of their own', () => {
    expect(capacityMinutes(ownHoursOf(resource()), monday, company, 450)).toBe(450);
  });

  it('takes one own side with the company’s other side', () => {
    const late = ownHoursOf(resource({ workStart: '12:00' }));
    expect(capacityMinutes(late, monday, company, 450)).toBe(4 * 60);
    // Ending before the company's start: an empty day, never a negative one.
    const early = ownHoursOf(resource({ workEnd: '06:00' }));
    expect(capacityMinutes(early, monday, company, 450)).toBe(0);
  });

  it('shades before and after the own hours, the whole day off, nothing on the company’s day', () => {
    expect(offHours(ola, friday, company)).toEqual([
      { start: friday, end: friday + 7 * HOUR },
      { start: friday + 11 * HOUR, end: friday + 24 * HOUR },
    ]);
    expect(offHours(ola, saturday, company)).toEqual([{ start: saturday, end: saturday + 24 * HOUR }]);
    expect(offHours(ownHoursOf(resource()), monday, company)).toEqual([]);
    // A day to midnight shades only its morning.
    const night = ownHoursOf(resource({ workStart: '14:00', workEnd: '24:00' }));
    expect(offHours(night, monday, company)).toEqual([{ start: monday, end: monday + 14 * HOUR }]);
  });
});
