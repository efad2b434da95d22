import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { FIRST_TIME_MESSAGE_VERSION } from '@fieldport/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Demo!2026';
export const LANGS = ['en', 'no', 'sv', 'zh-CN', 'zh-HK'] as const;

/** A text of the translation files, as the user sees it in that language. */
export function text(lang: string, ns: string, key: string): string {
  const file = join(import.meta.dirname, '../../packages/contract/src/i18n', lang, `${ns}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${lang}/${ns}:${key}`);
  return node;
}

/**
 * Bearer headers of a demo account for the API, signed in once per account and worker and reused for
 * ten minutes (a token lasts fifteen): the server takes at most 20 sign-ins a minute per account
 * (rate-limits.ts), and the specs running side by side would pass that with one sign-in per call.
 */
const signedIn = new Map<string, { at: number; headers: Promise<{ authorization: string }> }>();
const REUSE_MS = 10 * 60_000;

export function headersOf(request: APIRequestContext, email: string): Promise<{ authorization: string }> {
  const kept = signedIn.get(email);
  if (kept && Date.now() - kept.at < REUSE_MS) return kept.headers;
  const headers = (async () => {
    const basic = Buffer.from(`${email}:${PASSWORD}`).toString('base64');
    const token = await request.post('/api2/token', {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
    });
    expect(token.ok(), await token.text()).toBe(true);
    return { authorization: `Bearer ${(await token.json()).access_token}` };
  })();
  signedIn.set(email, { at: Date.now(), headers });
  headers.catch(() => signedIn.delete(email));
  return headers;
}

/** The demo Administrator's bearer headers (`headersOf`). */
export const adminHeaders = (request: APIRequestContext) => headersOf(request, 'admin@demo.test');

/** Signs in through the form, and puts away the welcome message if it is due for the user. */
export async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('./');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dismissWelcome(page, () => page.getByRole('button', { name: 'Sign in', exact: true }).click());
}

/**
 * Signs in as the page's user the way the app keeps a sign-in (its tokens in localStorage, 002 §9):
 * a sign-in of its own through the token call the form makes (Basic e-mail and password), its tokens
 * put where the app reads them, then `at` opened (the landing page unless given) and the welcome
 * message put away if it is due. It spares each test the sign-in page and the landing page it does
 * not test (decision 098); the form itself is driven by `signInThroughForm` (accounts.spec.ts) and
 * by the specs about signing in. Each call is a sign-in of its own, so a test that signs out or
 * whose page renews its tokens leaves every other test's sign-in as it was.
 */
export async function signIn(
  page: Page,
  email: string,
  { password = PASSWORD, at = './' }: { password?: string; at?: string } = {},
) {
  const basic = Buffer.from(`${email}:${password}`).toString('base64');
  const answer = await page.request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { access_token, refresh_token } = (await answer.json()) as {
    access_token: string;
    refresh_token: string;
  };
  // Any address of the site's origin holds its localStorage: the readiness check is the lightest. The
  // origin is the page's own (a spec may run a server of its own), read from the answer just given.
  await page.goto(new URL('/readyz', answer.url()).toString());
  await page.evaluate((tokens) => localStorage.setItem('fp.tokens', JSON.stringify(tokens)), {
    accessToken: access_token,
    refreshToken: refresh_token,
  });
  await dismissWelcome(page, () => page.goto(at));
}

/**
 * Signs in with `signingIn` (the last step of a sign-in) and puts away the welcome message when it is
 * due: it shows once per version and user, remembered on the server (decision 074), so only the
 * user's first sign-in of the run shows it. Whether it is due is read from the user info the page
 * loads, as the page itself decides.
 */
export async function dismissWelcome(page: Page, signingIn: () => Promise<unknown>) {
  const info = page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' && /\/api2\/ServiceProvider\/userinfo$/i.test(new URL(r.url()).pathname),
  );
  await signingIn();
  const bundle = (await (await info).json()) as { UserInfo: { FirstTimeMessageSeen: number } };
  if (bundle.UserInfo.FirstTimeMessageSeen >= FIRST_TIME_MESSAGE_VERSION) return;
  await putAwayWelcome(page);
}

/**
 * Clicks the welcome message's "Got it" (in `lang`) and waits until the server has kept it
 * (PATCH User/MyAccount, decision 074): a page opened before that answer would show the message again.
 */
export async function putAwayWelcome(page: Page, lang = 'en') {
  const gotIt = page.getByRole('button', { name: text(lang, 'feedback', 'got_it') });
  await expect(gotIt).toBeVisible();
  const kept = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' &&
      /\/api2\/ServiceProvider\/User\/MyAccount\/?$/i.test(new URL(r.url()).pathname),
  );
  await gotIt.click();
  expect((await kept).ok()).toBe(true);
  await expect(gotIt).toHaveCount(0);
}

/** The newest recovery code mailed to an address, read from the mail log as an admin. */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  expect(token.ok()).toBe(true);
  const { access_token } = await token.json();
  const log = await request.get('/api2/ServiceProvider/Log/MailLogs/Filtered', {
    params: { SearchWord: email },
    headers: { authorization: `Bearer ${access_token}` },
  });
  const mail = (await log.json()).Content.find((m: { To: string }) => m.To === email);
  const code = /\b(\d{6})\b/.exec(mail?.Body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * The page's serious and critical axe-core violations against WCAG 2.1 A and AA, one line each;
 * only inside `include` (a CSS selector) when given.
 */
export async function seriousViolations(page: Page, include?: string) {
  // What the user is left looking at: transitions under way (a dialog fading in, a closed menu fading
  // out) are waited for, as a colour half-way through one is no colour anybody reads. Endless ones
  // (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** The signed-in page's access token, for calling the API as that user beside the page. */
export const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('fp.tokens') ?? '{}') as { accessToken: string }).accessToken,
  );

/** Books an appointment through the API (Appointment/create) and answers it; fails the test when refused. */
export async function bookAppointment(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { Subject: string; StartTime: string; EndTime: string; Participants: number[]; JobId?: number },
): Promise<{ Id: number; RowVersion: number }> {
  const res = await request.post('/api2/ServiceProvider/Appointment/create', { headers, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/**
 * A new job on one of the demo machines whose customer has a default contact and delivery address,
 * created by `headers` (an admin's) with `comment` on the machine; answers the job as `job/{id}` reads it.
 * `accepts`, when given, passes over a customer whose default contact it does not accept.
 */
export async function newJobOnDemoMachine(
  request: APIRequestContext,
  headers: Record<string, string>,
  comment: string,
  accepts: (customerId: number, contactId: number) => Promise<boolean> = async () => true,
): Promise<{ Id: number; ContactPerson: { Name: string; Mobile: string } }> {
  const api = '/api2/ServiceProvider';
  const machines = await request.post(`${api}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 80, IncludeInactive: false },
  });
  for (const m of (await machines.json()).Content as { Id: number; CustomerId: number }[]) {
    const customer = await (await request.get(`${api}/customer/?id=${m.CustomerId}`, { headers })).json();
    if (!customer.DefaultCustomerPersonId || !customer.DefaultDeliveryAddressId) continue;
    if (!(await accepts(m.CustomerId, customer.DefaultCustomerPersonId))) continue;
    const created = await request.post(`${api}/job/create`, {
      headers,
      data: {
        CustomerId: m.CustomerId,
        CustomerDeliveryAddress: customer.DefaultDeliveryAddressId,
        ContactPersonId: customer.DefaultCustomerPersonId,
        JobTypeId: 1,
        JobPriorityId: 3,
        EstimatedTime: 1,
        Machines: [{ MachineId: m.Id, CustomerComment: comment }],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const id = (await created.json()).Id as number;
    return (await request.get(`${api}/job/${id}`, { headers })).json();
  }
  throw new Error('no customer with a default contact and delivery address that was accepted');
}

/**
 * A date or time field of the app (MUI X pickers, components/date-fields) by its label: its parts (a
 * group of one spin button per day, month, year, hour or minute; the group says aria-invalid), the
 * text it shows (its hidden input), and typing into it as a person does: the digits in the order the
 * language shows them, from the first part ('31052027' for 31.05-2027 in English). fill() cannot type
 * into it.
 */
export function dateField(scope: Page | Locator, label: string) {
  const parts = scope.getByRole('group', { name: label });
  return {
    parts,
    box: parts,
    shown: parts.locator('input'),
    async type(digits: string) {
      await parts.getByRole('spinbutton').first().click();
      await parts.page().keyboard.type(digits);
    },
  };
}

/** "As of 08:12, kept on this device" (decision 094) in a language, at any time of day. */
export const storedAsOfText = (lang: string) =>
  new RegExp(
    `^${text(lang, 'shell', 'deviceStore.asOf')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace('{{time}}', '\\d\\d:\\d\\d')}$`,
  );

/**
 * The ids of the visits the signed-in user's device store keeps (its `fp-device-<userId>` database in
 * IndexedDB, decision 094), or null while it keeps none.
 */
export const keptVisitIds = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('fp-device-'))?.name;
    if (!name) return null;
    return new Promise<number[] | null>((done) => {
      const open = indexedDB.open(name);
      open.onerror = () => done(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('records')) {
          db.close();
          done(null);
          return;
        }
        const get = db.transaction('records').objectStore('records').get('visits');
        get.onsuccess = () => {
          db.close();
          const list = get.result?.value?.list as { Id: number }[] | undefined;
          done(list ? list.map((v) => v.Id) : null);
        };
        get.onerror = () => done(null);
      };
    });
  });

/**
 * The answer to the next PATCH job/changedetails the page sends: the job's comment goes through the
 * device's outbox (decision 102), which shows "Waiting to send" while it is on its way and no "Saved"
 * notice, so a spec waits for the server to have kept it.
 */
export function jobDetailsSent(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/job\/changedetails$/i.test(new URL(r.url()).pathname),
    { timeout: 20_000 },
  );
}
