import { describe, expect, it } from 'vitest';
import { countryName, isCountryCode } from '../src/i18n/country-names.ts';

describe('country names in the reader’s language', () => {
  it('names an ISO code in each of the five languages', () => {
    expect(countryName('NO', 'en')).toBe('Norway');
    expect(countryName('NO', 'no')).toMatch(/^Norge$/);
    expect(countryName('DK', 'sv')).toBe('Danmark');
    expect(countryName('SE', 'zh-CN')).toBe('瑞典');
    expect(countryName('FI', 'zh-HK')).toBe('芬蘭');
  });

  it('takes a code in any case and around spaces', () => {
    expect(countryName(' dk ', 'en')).toBe('Denmark');
  });

  it('shows a country stored as text as it was typed, and nothing for none', () => {
    expect(countryName('Norway', 'no')).toBe('Norway');
    expect(countryName('', 'en')).toBe('');
    expect(countryName(null, 'en')).toBe('');
    expect(isCountryCode('NOR')).toBe(false);
    expect(isCountryCode('se')).toBe(true);
  });
});
