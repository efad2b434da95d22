import { describe, expect, it } from 'vitest';
import { gapsOfDay } from '../src/rules/day-gaps.ts';

const at = (h: string) => `2026-11-24T${h}:00`;
const span = (from: string, to: string) => ({ StartTime: at(from), EndTime: at(to) });

describe('the free gaps of a work day (8:00 to 20:00)', () => {
  it('is the whole work day without appointments', () => {
    expect(gapsOfDay('2026-11-24', [])).toEqual([span('08:00', '20:00')]);
  });

  it('leaves the time before, between and after appointments, in order whatever order they come in', () => {
    expect(gapsOfDay('2026-11-24', [span('13:00', '15:00'), span('09:00', '11:30')])).toEqual([
      span('08:00', '09:00'),
      span('11:30', '13:00'),
      span('15:00', '20:00'),
    ]);
  });

  it('joins overlapping appointments and clips those running past the work hours', () => {
    expect(
      gapsOfDay('2026-11-24', [
        span('07:00', '10:00'),
        span('09:00', '12:00'),
        span('10:30', '11:00'),
        span('18:00', '22:00'),
      ]),
    ).toEqual([span('12:00', '18:00')]);
  });

  it('ignores appointments outside the work hours and has no gap when the day is full', () => {
    expect(gapsOfDay('2026-11-24', [span('05:00', '07:00'), span('20:00', '21:00')])).toEqual([
      span('08:00', '20:00'),
    ]);
    expect(gapsOfDay('2026-11-24', [span('08:00', '14:00'), span('14:00', '20:00')])).toEqual([]);
  });

  it('counts an appointment from the day before that runs into the morning', () => {
    expect(gapsOfDay('2026-11-24', [{ StartTime: '2026-11-23T22:00:00', EndTime: at('09:00') }])).toEqual([
      span('09:00', '20:00'),
    ]);
  });
});
