import type { UserInfoBundle } from '@fieldport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { FeedbackProvider } from '../components/feedback/FeedbackProvider.tsx';
import { ShellStateProvider, useShellState } from '../components/shell/shell-context.tsx';
import '../i18n/index.ts';
import { type Call, json, mockFetch } from '../lib/api/test-fetch.ts';
import { setTokens } from '../lib/api/token-store.ts';
import { SessionProvider, useSession } from '../lib/session.tsx';

/**
 * Test support for one feature page: a signed-in user, a scripted server, the page's header buttons
 * and where the page went. Each feature's test-utils gives its own user info.
 */

export type Handler = (call: Call, url: URL) => Response | Promise<Response> | undefined;

/**
 * A scripted server: `handlers` answer by "METHOD /path" (path after /api2/ServiceProvider/ or /api2/);
 * the user info comes from `info`. Unknown calls answer 404 like the real server.
 */
export function fakeServer(handlers: Record<string, Handler>, info: UserInfoBundle) {
  return mockFetch(async (call) => {
    const url = new URL(call.url, 'http://localhost');
    const path = url.pathname.replace(/^\/api2\/(ServiceProvider\/)?/, '');
    if (path === 'userinfo') return json(200, info);
    const handler = handlers[`${call.method} ${path}`];
    const answer = handler ? await handler(call, url) : undefined;
    return answer ?? json(404, { Message: `There is no ${call.method} ${url.pathname}.` });
  });
}

/** A PNG answer for image calls. */
export const png = () =>
  new Response(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), {
    headers: { 'content-type': 'image/png' },
  });

/** The parsed JSON body of a call. */
export const bodyOf = (call: Call) => JSON.parse(String(call.body)) as Record<string, unknown>;

/** The page's header buttons, as the shell shows them. */
function HeaderButtons() {
  const { actions } = useShellState();
  return (
    <div data-testid="header-actions">
      {actions.map((a) => (
        <button key={a.id} type="button" onClick={a.onClick} data-to={a.to}>
          {a.label}
        </button>
      ))}
    </div>
  );
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function SignedIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === 'signedIn' ? children : <p>Signing in…</p>;
}

/** Renders a page at `url`, matched by the route `path`, for a signed-in user. */
export async function renderPage(page: ReactNode, opts: { url: string; path: string }) {
  setTokens({ accessToken: 'A', refreshToken: 'R' });
  if (!('createObjectURL' in URL) || !vi.isMockFunction(URL.createObjectURL)) {
    URL.createObjectURL = vi.fn(() => `blob:test/${Math.random()}`);
    URL.revokeObjectURL = vi.fn();
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[opts.url]}>
        <FeedbackProvider>
          <SessionProvider>
            <ShellStateProvider>
              <SignedIn>
                <HeaderButtons />
                <Routes>
                  <Route path={opts.path} element={page} />
                  <Route path="*" element={<p>Elsewhere</p>} />
                </Routes>
                <Where />
              </SignedIn>
            </ShellStateProvider>
          </SessionProvider>
        </FeedbackProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByTestId('header-actions', {}, { timeout: 3000 });
  return { ...view, client };
}

export const where = () => screen.getByTestId('where').textContent;
