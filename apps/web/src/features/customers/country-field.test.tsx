// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { CountryField } from './components/CountryField.tsx';

function Harness(props: { start: string; saved: string[] }) {
  const [value, setValue] = useState(props.start);
  return (
    <CountryField
      label="Country"
      value={value}
      onChange={(v) => {
        props.saved.push(v);
        setValue(v);
      }}
    />
  );
}

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the country picker', () => {
  it('shows a stored code by its name in the reader’s language', async () => {
    await setLanguage('no');
    render(<Harness start="SE" saved={[]} />);
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement).value).toBe('Sverige');
  });

  it('keeps a picked country as its ISO code', async () => {
    const saved: string[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Harness start="" saved={saved} />);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Denm');
    await user.click(await screen.findByRole('option', { name: 'Denmark' }));
    expect(saved.at(-1)).toBe('DK');
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement).value).toBe('Denmark');
  });

  it('keeps text that names no country as typed', async () => {
    const saved: string[] = [];
    const user = userEvent.setup({ delay: null });
    render(<Harness start="" saved={saved} />);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Atlantis');
    await user.tab();
    expect(saved.at(-1)).toBe('Atlantis');
  });
});
