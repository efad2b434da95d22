/** Business constants of 000 §9, 001 §9 and 002 §9. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const SEARCH_DEBOUNCE_MS = 600;
export const DROPDOWN_DEBOUNCE_MS = 700;
export const TEXT_SEARCH_DEBOUNCE_MS = 400;
export const DROPDOWN_PAGE_SIZE = 100;
export const CUSTOMER_DROPDOWN_PAGE_SIZE = 40;
export const MIN_SEARCH_LENGTH = 3;
export const CUSTOMER_SEARCH_LIMIT = 1000;
export const GLOBAL_SEARCH_ITEMS = 15;
export const LIST_INITIAL_RENDER = 50;
export const RESET_CODE_MINUTES = 60;
export const OTP_MAX_TRIES = 5;
export const OTP_MAX_PER_HOUR = 3;
/**
 * The sign-in throttle (decision 058): failed sign-ins are counted over the last hour per account, per
 * address and per (account, address). They slow further tries (no delay while there are at most three,
 * then growing to 3 s); past 100 failures of an account in the hour (ASVS 2.2.1), an address that has
 * itself failed 5 times on that account is refused with 429 and Retry-After. Failures of other
 * accounts, or of other addresses alone, never refuse a right password.
 */
export const SIGN_IN_WINDOW_MINUTES = 60;
export const SIGN_IN_ACCOUNT_BUDGET = 100;
export const SIGN_IN_PAIR_ALLOWANCE = 5;
export const SIGN_IN_FREE_FAILURES = 3;
export const SIGN_IN_DELAY_MAX_MS = 3_000;
export const SNACKBAR_DEFAULT_MS = 9_000;
export const SNACKBAR_CREATE_MS = 5_000;
export const SNACKBAR_CHANGE_MS = 3_000;
export const SNACKBAR_DELETE_MS = 5_000;
export const FIRST_TIME_MESSAGE_VERSION = 1;
export const TASK_COMPLETED_REMOVE_MS = 4_000;
export const TASK_FAILED_REMOVE_MS = 25_000;
export const HUB_RECONNECT_FAST_MS = 3_000;
export const HUB_RECONNECT_SLOW_MS = 60_000;
export const HUB_FAST_PERIOD_MS = 120_000;
export const CHILD_MENU_AUTO_OPEN_MS = 700;
/** Background refresh (000 §9, 002 §9): the job status map every 60 s; job types, priorities, warranty
 * types, repair places, job categories and contract types every 300 s (besides the live events). */
export const JOB_STATUS_REFRESH_MS = 60_000;
export const LOOKUP_REFRESH_MS = 300_000;
export const TASK_PANEL_WIDTH = 290;
export const LANGUAGES = ['en', 'no', 'sv', 'zh-CN', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Variants that map onto the five languages. */
export const LANGUAGE_VARIANTS: Record<string, Language> = {
  'en-GB': 'en',
  'en-US': 'en',
  'nb-NO': 'no',
  nb: 'no',
  nn: 'no',
  'sv-SE': 'sv',
};
export function toLanguage(culture: string | null | undefined): Language {
  if (!culture) return 'en';
  if ((LANGUAGES as readonly string[]).includes(culture)) return culture as Language;
  if (LANGUAGE_VARIANTS[culture]) return LANGUAGE_VARIANTS[culture];
  const base = culture.split('-')[0] ?? '';
  if (base === 'zh') return /HK|TW|Hant/i.test(culture) ? 'zh-HK' : 'zh-CN';
  return (LANGUAGES as readonly string[]).includes(base)
    ? (base as Language)
    : (LANGUAGE_VARIANTS[base] ?? 'en');
}
/** The department list's one page (000 §7: Department list ItemsPerPage 150, Page 1). */
export const DEPARTMENT_LIST_PAGE_SIZE = 150;
/** Most QR codes one CreateList call makes (002 §9), and how many without a count. */
export const QR_LIST_MAX = 200;
export const QR_LIST_DEFAULT = 5;
/** Largest accepted upload (images of groups and models). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Most pixels an uploaded image (group, model, logo, or a document) may have: a 40-megapixel photo
 * decodes to 160 MB; more is refused before decoding (a decompression bomb is small on the wire).
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Largest accepted document (002 §7.8 uploads), and how many files one upload may carry. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_MAX_FILES = 10;
