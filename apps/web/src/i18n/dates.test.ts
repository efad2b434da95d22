import { LANGUAGES } from '@fieldport/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatTime } from './dates.ts';
import { i18next } from './index.ts';

beforeAll(async () => {
  await i18next.loadLanguages([...LANGUAGES]);
  await i18next.loadNamespaces('common');
});

// One form per language (001 §9: English DD.MM-YYYY, Chinese YYYY-MM-DD, time HH:mm), the 24-hour
// clock in all five: an afternoon time shows as 14:05, never 2:05 PM.
const FORMS = {
  en: { date: '28.11-2026', dateTime: '28.11-2026 14:05', dayMonth: '28.11' },
  no: { date: '28.11.2026', dateTime: '28.11.2026 14:05', dayMonth: '28.11' },
  sv: { date: '2026-11-28', dateTime: '2026-11-28 14:05', dayMonth: '28/11' },
  'zh-CN': { date: '2026-11-28', dateTime: '2026-11-28 14:05', dayMonth: '11月28日' },
  'zh-HK': { date: '2026-11-28', dateTime: '2026-11-28 14:05', dayMonth: '11月28日' },
} as const;

describe('dates and times in the reader’s language', () => {
  it.each(LANGUAGES)('%s: the date, date and time, day of the year and a 24-hour time', (lang) => {
    const at = '2026-11-28T14:05:00';
    expect(formatDate(at, lang)).toBe(FORMS[lang].date);
    expect(formatDate('2026-11-28', lang)).toBe(FORMS[lang].date);
    expect(formatDateTime(at, lang)).toBe(FORMS[lang].dateTime);
    expect(formatDayMonth(at, lang)).toBe(FORMS[lang].dayMonth);
    expect(formatTime(at, lang)).toBe('14:05');
    expect(formatTime('2026-11-28T09:15:00', lang)).toBe('09:15');
  });

  it('shows nothing for no date or one that is not a date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });
});
