// @vitest-environment jsdom
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/index.ts';
import { ThemeModeProvider } from './ThemeModeProvider.tsx';

function Picker() {
  return (
    <ThemeModeProvider>
      <Autocomplete
        options={['Oslo', 'Bergen']}
        value="Oslo"
        renderInput={(params) => <TextField {...params} label="Town" />}
      />
    </ThemeModeProvider>
  );
}

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('en'));
});

describe('MUI’s own texts', () => {
  it('are in the reader’s language: a picker’s Open button in Norwegian, Swedish and Chinese', async () => {
    render(<Picker />);
    expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
    for (const [lang, open] of [
      ['no', 'Åpne'],
      ['sv', 'Öppna'],
      ['zh-CN', '打开'],
      ['zh-HK', '開啟'],
    ] as const) {
      await act(() => setLanguage(lang));
      expect(await screen.findByRole('button', { name: open })).toBeTruthy();
    }
    await act(() => setLanguage('en'));
    expect(await screen.findByRole('button', { name: 'Open' })).toBeTruthy();
  });
});
