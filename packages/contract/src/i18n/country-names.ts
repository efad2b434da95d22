/**
 * Country names in the reader's language (decision 034). Addresses keep a country as its ISO 3166
 * code ('NO'), and Intl.DisplayNames names it, in the browser and in the server's PDFs: 'Norway', 'Norge', 'Norge', '挪威'.
 * A country typed as text before codes were used is shown as it was typed.
 */
const displayNames = new Map<string, Intl.DisplayNames>();

const ISO_CODE = /^[A-Za-z]{2}$/;

/** Whether a stored country is an ISO 3166 alpha-2 code. */
export const isCountryCode = (value: string): boolean => ISO_CODE.test(value.trim());

/** The country's name in `lang`; the value itself when it is no code the browser knows. */
export function countryName(value: string | null | undefined, lang: string): string {
  const v = value?.trim() ?? '';
  if (!isCountryCode(v)) return v;
  let names = displayNames.get(lang);
  if (!names) {
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      return v.toUpperCase();
    }
    displayNames.set(lang, names);
  }
  return names.of(v.toUpperCase()) ?? v.toUpperCase();
}
