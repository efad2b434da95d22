import { describe, expect, it } from 'vitest';
import { toLocalDateTime } from '../src/index.ts';

describe('toLocalDateTime: the company’s wall clock, YYYY-MM-DDTHH:mm:ss', () => {
  it('gives each time zone its own local time when calls alternate between zones', () => {
    const winter = new Date('2026-01-15T23:30:05Z');
    const summer = new Date('2026-07-01T10:00:00Z');
    // Alternating zones: a formatter kept for one zone must never answer for another.
    expect(toLocalDateTime(winter, 'Europe/Oslo')).toBe('2026-01-16T00:30:05');
    expect(toLocalDateTime(winter, 'Asia/Shanghai')).toBe('2026-01-16T07:30:05');
    expect(toLocalDateTime(winter, 'UTC')).toBe('2026-01-15T23:30:05');
    expect(toLocalDateTime(summer, 'Europe/Oslo')).toBe('2026-07-01T12:00:00');
    expect(toLocalDateTime(summer, 'Asia/Shanghai')).toBe('2026-07-01T18:00:00');
    expect(toLocalDateTime(summer, 'Europe/Oslo')).toBe('2026-07-01T12:00:00');
  });

  it('follows daylight saving time across the spring change, with midnight as 00', () => {
    expect(toLocalDateTime(new Date('2026-03-29T00:59:59Z'), 'Europe/Oslo')).toBe('2026-03-29T01:59:59');
    expect(toLocalDateTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Oslo')).toBe('2026-03-29T03:00:00');
    expect(toLocalDateTime(new Date('2026-03-28T23:00:00Z'), 'Europe/Oslo')).toBe('2026-03-29T00:00:00');
  });

  it('refuses an unknown time zone every time, not only the first', () => {
    expect(() => toLocalDateTime(new Date(), 'Mars/Olympus')).toThrow(RangeError);
    expect(() => toLocalDateTime(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
