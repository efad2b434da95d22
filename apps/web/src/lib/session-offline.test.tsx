// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootQueryClient } from '../app/QueryCache.tsx';
import { FeedbackProvider } from '../components/feedback/index.ts';
import { i18next } from '../i18n/index.ts';
import { json, mockFetch } from './api/test-fetch.ts';
import { getTokens, setTokens } from './api/token-store.ts';
import { storedUserInfo } from './offline-session.ts';
import { SessionProvider, useSession } from './session.tsx';

/** An access token whose subject is the user `sub` (the session reads only the payload). */
const tokenOf = (sub: number) => `h.${btoa(JSON.stringify({ sub: String(sub) }))}.s`;
const infoOf = (id: number, Uiculture = 'sv') => ({
  UserInfo: { Id: id, Name: `Tekniker ${id}`, EmailAdress: 't@demo.test', UserTypeId: 2, Uiculture },
  Version: { Version: '0.1.0', Build: 1, Revision: 1 },
});

function Probe() {
  const { status, info, signOut } = useSession();
  return (
    <>
      <p data-testid="status">{status}</p>
      <p data-testid="name">{info?.UserInfo.Name ?? ''}</p>
      <button type="button" onClick={() => void signOut()}>
        out
      </button>
    </>
  );
}
const renderSession = () =>
  render(
    <RootQueryClient>
      <FeedbackProvider>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </FeedbackProvider>
    </RootQueryClient>,
  );
const offline = () =>
  mockFetch(() => {
    throw new TypeError('Failed to fetch');
  });

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('a session opened without a network (decision 071)', () => {
  it('keeps the user info of a sign-in, and opens on it offline in the user language', async () => {
    setTokens({ accessToken: tokenOf(7), refreshToken: 'R' });
    mockFetch(() => json(200, infoOf(7)));
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn'));
    expect(storedUserInfo('7')?.UserInfo.Name).toBe('Tekniker 7');
    cleanup();

    offline();
    await act(() => i18next.changeLanguage('en'));
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn'));
    expect(screen.getByTestId('name').textContent).toBe('Tekniker 7');
    expect(i18next.language).toBe('sv');
    expect(getTokens()?.accessToken).toBe(tokenOf(7));
    expect(
      await screen.findByText(
        'Du är offline. Sidor som behöver servern läses in när anslutningen är tillbaka.',
      ),
    ).toBeTruthy();
  });

  it("never opens on another user's stored info: without the network that session ends", async () => {
    setTokens({ accessToken: tokenOf(8), refreshToken: 'R' });
    mockFetch(() => json(200, infoOf(8)));
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn'));
    cleanup();

    // Another user's token on the same device, and no network.
    setTokens({ accessToken: tokenOf(9), refreshToken: 'R' });
    offline();
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedOut'));
    expect(getTokens()).toBeNull();
  });

  it('forgets the stored info at sign-out', async () => {
    setTokens({ accessToken: tokenOf(7), refreshToken: 'R' });
    mockFetch(() => json(200, infoOf(7, 'en')));
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn'));
    expect(storedUserInfo('7')).not.toBeNull();
    screen.getByRole('button', { name: 'out' }).click();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedOut'));
    expect(storedUserInfo('7')).toBeNull();
  });

  it('a server that answers an error is not offline: the session ends as before', async () => {
    setTokens({ accessToken: tokenOf(7), refreshToken: 'R' });
    mockFetch(() => json(200, infoOf(7)));
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedIn'));
    cleanup();

    mockFetch((call) =>
      call.url.includes('userinfo') ? json(403, { Message: 'No access' }) : json(200, {}),
    );
    renderSession();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signedOut'));
    expect(storedUserInfo('7')).toBeNull();
  });
});
