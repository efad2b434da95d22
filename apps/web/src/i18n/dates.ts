import type { Language } from '@fieldport/contract';
import dayjs from 'dayjs';
import i18next from 'i18next';

/** dayjs's locale of each language (its month and weekday names, and the first day of the week). */
export const DAYJS_LOCALES: Record<Language, string> = {
  en: 'en',
  no: 'nb',
  sv: 'sv',
  'zh-CN': 'zh-cn',
  'zh-HK': 'zh-hk',
};
const localeLoaders: Record<string, () => Promise<unknown>> = {
  nb: () => import('dayjs/locale/nb.js'),
  sv: () => import('dayjs/locale/sv.js'),
  'zh-cn': () => import('dayjs/locale/zh-cn.js'),
  'zh-hk': () => import('dayjs/locale/zh-hk.js'),
};

/** Loads dayjs's month and weekday names for a language and makes it the default. */
export async function applyDateLocale(lang: Language): Promise<void> {
  const locale = DAYJS_LOCALES[lang];
  await localeLoaders[locale]?.();
  dayjs.locale(locale);
}

type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

/**
 * The display formats per language come from the common namespace (001 §9: English DD.MM-YYYY and
 * DD.MM-YYYY HH:mm, Chinese YYYY-MM-DD, time HH:mm).
 */
export function dateFormats(lang = i18next.language) {
  const t = i18next.getFixedT(lang, 'common');
  return {
    date: t('formats.date'),
    dateTime: t('formats.dateTime'),
    time: t('formats.time'),
    dayMonth: t('formats.dayMonth'),
  };
}

const parse = (value: DateInput) =>
  value === null || value === undefined || value === '' ? null : dayjs(value);

export function formatDate(value: DateInput, lang?: string): string {
  const d = parse(value);
  return d?.isValid() ? d.format(dateFormats(lang).date) : '';
}

export function formatDateTime(value: DateInput, lang?: string): string {
  const d = parse(value);
  return d?.isValid() ? d.format(dateFormats(lang).dateTime) : '';
}

/** A day of the year without the year ('23.11', '11月23日'): a week's column heading. */
export function formatDayMonth(value: DateInput, lang?: string): string {
  const d = parse(value);
  return d?.isValid() ? d.format(dateFormats(lang).dayMonth) : '';
}

export function formatTime(value: DateInput, lang?: string): string {
  const d = parse(value);
  return d?.isValid() ? d.format(dateFormats(lang).time) : '';
}
