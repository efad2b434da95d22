// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellPart } from './ShellPart.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a shell part whose code loads when first needed', () => {
  it('shows its stand-in, and leaves the rest of the page standing, when its code cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail!: (error: Error) => void;
    const Badge = lazy(
      () =>
        new Promise<{ default: () => React.ReactNode }>((_, reject) => {
          fail = reject;
        }),
    );
    render(
      <main>
        <h1>Job 252</h1>
        <ShellPart fallback={<span>Jobs</span>}>
          <Badge />
        </ShellPart>
      </main>,
    );
    expect(screen.getByText('Jobs')).toBeTruthy();
    // The server stops while the badge's code is on its way (503 while it drains).
    fail(new TypeError('Failed to fetch dynamically imported module: /portal/assets/Badge.js'));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByText('Jobs')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Job 252' })).toBeTruthy();
  });

  it('shows the part once its code has loaded', async () => {
    const Badge = lazy(async () => ({ default: () => <span>Jobs, 3 new</span> }));
    render(
      <ShellPart fallback={<span>Jobs</span>}>
        <Badge />
      </ShellPart>,
    );
    expect(await screen.findByText('Jobs, 3 new')).toBeTruthy();
  });
});
