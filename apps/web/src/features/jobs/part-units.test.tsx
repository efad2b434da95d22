// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { PartLinesTable } from './components/parts/PartLinesTable.tsx';
import { orderLine } from './test-data.ts';

const lines = [
  orderLine({ Id: 1, JobId: 11, Unit: 'pcs' }),
  orderLine({ Id: 2, JobId: 11, ArticleNumber: 'OIL-5', Unit: 'l' }),
  // A unit the Admin typed (through the API) is the company's own word: shown as stored.
  orderLine({ Id: 3, JobId: 11, ArticleNumber: 'BOX-1', Unit: 'eske' }),
];

/** The unit cell of each line, in the order of the lines. */
const units = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[3]!.textContent);

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('a part line’s unit in the reader’s language (issue 35.8)', () => {
  it('writes the built-in units as the reader does, in every language, and a typed unit as typed', async () => {
    for (const [lang, expected] of [
      ['en', ['pcs', 'l', 'eske']],
      ['no', ['stk', 'l', 'eske']],
      ['sv', ['st', 'l', 'eske']],
      ['zh-CN', ['件', '升', 'eske']],
      ['zh-HK', ['件', '公升', 'eske']],
    ] as const) {
      await setLanguage(lang);
      render(<PartLinesTable lines={lines} label="Parts" />);
      expect(units(), lang).toEqual(expected);
      cleanup();
    }
  });
});
