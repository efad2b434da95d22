// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import NoAccessPage from './NoAccessPage.tsx';
import NotFoundPage from './NotFoundPage.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const at = (url: string, ui: React.ReactNode) =>
  render(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>);

describe('shell pages', () => {
  it('the 404 page names the path that was not found', () => {
    at('/customer/12/nothing-here?tab=1', <NotFoundPage />);
    expect(screen.getByRole('heading', { name: '404 Page not found' })).toBeTruthy();
    expect(screen.getByText('The /customer/12/nothing-here page was not found.')).toBeTruthy();
  });

  it('the 404 page is translated', async () => {
    await setLanguage('sv');
    at('/x', <NotFoundPage />);
    expect(screen.getByRole('heading', { name: '404 Sidan hittades inte' })).toBeTruthy();
    expect(screen.getByText('Sidan /x hittades inte.')).toBeTruthy();
  });

  it('the no-access page names the module twice', () => {
    at('/', <NoAccessPage module="Planner" />);
    expect(
      screen.getByRole('heading', { name: 'You do not have access to the page “Planner”' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The page “Planner” is not available for your user type. Please contact an administrator if you want to change your user type.',
      ),
    ).toBeTruthy();
  });
});
