import { jobTitle } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { appointmentTiming, participantsHeader, relativeStart } from './job-appointments.ts';

// 10:00 on 24 November 2026 in Oslo (UTC+1).
const now = new Date('2026-11-24T09:00:00Z');
const zone = 'Europe/Oslo';

describe('appointment timing (000 §7)', () => {
  it('is upcoming before the start, in progress until the end, then past, in the company zone', () => {
    const at = (StartTime: string, EndTime: string) => appointmentTiming({ StartTime, EndTime }, now, zone);
    expect(at('2026-11-24T10:30:00', '2026-11-24T12:00:00')).toBe('upcoming');
    expect(at('2026-11-24T10:00:00', '2026-11-24T12:00:00')).toBe('inProgress');
    expect(at('2026-11-24T08:00:00', '2026-11-24T10:00:00')).toBe('past');
    // In UTC the same wall-clock times would read an hour earlier: the zone decides.
    expect(
      appointmentTiming({ StartTime: '2026-11-24T09:30:00', EndTime: '2026-11-24T11:00:00' }, now, 'UTC'),
    ).toBe('upcoming');
  });

  it('gives the start relative to now in minutes, hours or days', () => {
    expect(relativeStart('2026-11-24T10:45:00', now, zone)).toEqual({ value: 45, unit: 'minute' });
    expect(relativeStart('2026-11-24T13:30:00', now, zone)).toEqual({ value: 3, unit: 'hour' });
    expect(relativeStart('2026-11-22T09:00:00', now, zone)).toEqual({ value: -2, unit: 'day' });
    expect(relativeStart('2026-11-24T09:00:00', now, zone)).toEqual({ value: -1, unit: 'hour' });
  });
});

describe('appointment header (000 §2)', () => {
  it('names none, the one, an unnamed one, or counts them', () => {
    expect(participantsHeader([])).toEqual({ kind: 'none' });
    expect(participantsHeader([{ Name: 'Kari Nordmann' }])).toEqual({ kind: 'one', name: 'Kari Nordmann' });
    expect(participantsHeader([{ Name: '  ' }])).toEqual({ kind: 'unnamed' });
    expect(participantsHeader([{ Name: 'A' }, { Name: '' }, { Name: 'C' }])).toEqual({
      kind: 'many',
      count: 3,
    });
  });
});

describe('job title', () => {
  it('is the order id and the name, or the name alone without an order id', () => {
    expect(jobTitle({ OrderId: '10268', DisplayName: 'Pump repair' })).toBe('10268 – Pump repair');
    expect(jobTitle({ OrderId: null, DisplayName: 'Parts order' })).toBe('Parts order');
  });
});
