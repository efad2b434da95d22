import type { UserInfoBundle } from '@fieldport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppRoutes } from '../app/router.tsx';
import { type Call, json, mockFetch } from '../lib/api/test-fetch.ts';
import { setTokens } from '../lib/api/token-store.ts';
import { ThemeModeProvider } from '../theme/ThemeModeProvider.tsx';
import { bundle } from './user-info.ts';

/**
 * Test support for the features' screens: the whole signed-in app (router, route table, shell) on a
 * scripted server, so a test goes through the same routes and guards as a person does.
 */

/** A call as the handler sees it: path, query and the parsed JSON body. */
export interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (req: Req) => Response | Promise<Response> | undefined;

function parse(call: Call): Req {
  const url = new URL(call.url, 'http://localhost');
  let body: unknown = call.body;
  if (typeof call.body === 'string') {
    try {
      body = JSON.parse(call.body);
    } catch {
      body = call.body;
    }
  }
  return {
    method: call.method,
    path: url.pathname.replace('/api2/ServiceProvider/', ''),
    query: url.searchParams,
    body,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The signed-in app at `url`; `handler` answers the API calls (undefined → 404). */
export function renderApp(url: string, handler: Handler, info: UserInfoBundle = bundle()) {
  const requests: Req[] = [];
  const server = mockFetch(async (call) => {
    const req = parse(call);
    if (req.path === 'userinfo') return json(200, info);
    requests.push(req);
    const answer = await handler(req);
    return answer ?? json(404, { Message: `There is no ${req.method} ${req.path}.` });
  });
  setTokens({ accessToken: 'A', refreshToken: 'R' });
  return { ...renderRoutes(url), server, requests };
}

/** The app's routes at `url` with its providers, on whatever fetch and tokens the test has set up. */
export function renderRoutes(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <ThemeModeProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeModeProvider>,
  );
  return { ...view, client };
}

export const where = () => screen.getByTestId('where').textContent;

/**
 * matchMedia for MUI's breakpoints, answering from window.innerWidth at each query (set to `width` when
 * given), so a test that resizes the window gets the new answer.
 */
export function stubMatchMedia(width?: number) {
  if (width !== undefined)
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const w = window.innerWidth;
    const matches = (!max || w <= Number(max[1])) && (!min || w >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

export { json };

/** Puts `text` into a field in one input event (typing each key is slow in jsdom). */
export async function fill(
  user: {
    clear(e: Element): Promise<void>;
    click(e: Element): Promise<void>;
    paste(t: string): Promise<void>;
  },
  el: Element,
  text: string,
) {
  await user.clear(el);
  await user.click(el);
  if (text) await user.paste(text);
}

/**
 * Types into a date or time field (components/date-fields) as a person does: a click on its first part,
 * then over what it shows, * digits in the order the language shows them ('03032026' for 03.03-2026 in English, '0915' for 09:15).
 * `field` is the field's root (its test id) or any element inside it.
 */
export async function typeDate(
  user: { click(e: Element): Promise<unknown>; keyboard(t: string): Promise<unknown> },
  field: HTMLElement,
  digits: string,
) {
  const root = field.closest('.MuiFormControl-root') ?? field;
  const parts = within(root as HTMLElement).getAllByRole('spinbutton');
  await user.click(parts[0]!);
  await user.keyboard(digits);
}

/** A date or time field found by its label, once its picker has loaded (its root). */
export function findDateField(container: HTMLElement, label: RegExp | string): Promise<HTMLElement> {
  return waitFor(() => {
    const [named] = within(container).getAllByLabelText(label);
    const root = (named?.closest('.MuiFormControl-root') ?? named) as HTMLElement;
    within(root).getAllByRole('spinbutton');
    return root;
  });
}

/** What a date or time field shows, as the user reads it ('03.03-2026'). */
export const dateShown = (field: HTMLElement): string =>
  (field.closest('.MuiFormControl-root') ?? field).querySelector('input')?.value ?? '';

/** Each test starts signed out on a wide screen with empty storage, and leaves nothing behind. */
export function resetAppBetweenTests(width = 1440) {
  beforeEach(() => {
    localStorage.clear();
    stubMatchMedia(width);
  });
  afterEach(() => {
    cleanup();
    // A test that failed while its clock was faked leaves the next one real timers.
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setTokens(null);
  });
}
