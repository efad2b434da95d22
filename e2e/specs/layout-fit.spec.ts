import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders, putAwayWelcome, text } from './support.ts';

/**
 * Issue 35, items 4 and 10: the texts of the Jobs menu, the planner's job list and the time report are
 * whole at the widths people use (1440 px on a desktop, a 412 px phone), in English and in the longer
 * Norwegian (and the Chinese dates). Each test has an account of its own, made in its language, so no
 * demo account's saved language changes under the other specs.
 */

const DESKTOP = { width: 1440, height: 900 };

/** A user of its own (1 Administrator, 2 Technician) who reads the portal in `lang`. */
async function freshUser(request: APIRequestContext, type: 1 | 2, lang: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { name: `Fit ${lang} ${stamp}`, email: `fit.${stamp}@example.test`, password: 'Start!2026' };
  const res = await request.post('/api2/ServiceProvider/User/add', {
    headers: await adminHeaders(request),
    data: {
      Name: user.name,
      EmailAdress: user.email,
      UserTypeId: type,
      Password: user.password,
      Uiculture: lang,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { ...user, id: ((await res.json()) as { Id: number }).Id };
}

/** Signs in on the (English) form; the portal then speaks the account's language. */
async function signInAs(page: Page, user: { email: string; password: string }, lang: string) {
  await page.goto('./');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await putAwayWelcome(page, lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Each element's text that does not fit its box (cut off or hidden behind an ellipsis): none expected. */
async function cutTexts(items: Locator) {
  return items.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)
      .map((el) => `${el.textContent} (${el.clientWidth}/${el.scrollWidth} px)`),
  );
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error(`${l} has no box`);
  return b;
};

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP });

  test('the planner’s day reaches the end of the work day, its week keeps Friday and its month opens on the chosen week (35.1)', async ({
    page,
    request,
  }) => {
    await signInAs(page, await freshUser(request, 1, 'en'), 'en');
    await page.goto('./planner?date=2026-12-01');
    await expect(page.getByTestId('planner-job-list-area')).toBeVisible();
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // Nothing of the shown hours or days is out of sight to the right: the grid does not scroll sideways.
    const hidden = () => grid.evaluate((el) => el.scrollWidth - el.clientWidth);
    await expect.poll(hidden).toBeLessThanOrEqual(0);
    await page.getByRole('group', { name: 'Scope' }).getByRole('button', { name: 'Week' }).click();
    await expect(grid.getByText(/Fri/).first()).toBeVisible();
    await expect.poll(hidden).toBeLessThanOrEqual(0);
    // The month view opens on the chosen day's week (Wednesday 16 December: the week of the 14th).
    await page.goto('./planner?date=2026-12-16');
    await page.getByRole('group', { name: 'Scope' }).getByRole('button', { name: 'Month' }).click();
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  for (const lang of ['en', 'no']) {
    test(`the Jobs menu shows each status name whole (${lang})`, async ({ page, request }) => {
      await signInAs(page, await freshUser(request, 1, lang), lang);
      // New's list: its sub-statuses ('Awaiting customer reply') are open in the menu too.
      await page.goto('./job/list/status-10-0');
      const names = page.getByTestId(/^status-group-/).locator('.MuiListItemText-primary');
      await expect(names.filter({ hasText: text(lang, 'reference', 'job_status.10') }).first()).toBeVisible();
      expect(await names.count()).toBeGreaterThan(8);
      expect(await cutTexts(names)).toEqual([]);
      // And no name runs under its count.
      for (const item of await page.getByTestId(/^status-group-/).all()) {
        const name = await box(item.locator('.MuiListItemText-primary'));
        const count = await box(item.locator('p').last());
        expect(name.x + name.width).toBeLessThanOrEqual(count.x + 1);
      }
    });

    test(`the planner's job list shows Plan, Suggest and the priority whole (${lang})`, async ({
      page,
      request,
    }) => {
      await signInAs(page, await freshUser(request, 1, lang), lang);
      await page.goto('./planner');
      const jobs = page.getByTestId('planner-job');
      await expect(jobs.first()).toBeVisible();
      const plan = text(lang, 'planner', 'jobList.plan');
      const suggest = text(lang, 'planner', 'jobList.suggest');
      // The buttons' own words, not a label ending in '…' that reads as cut off.
      expect(plan).not.toMatch(/…$/);
      expect(suggest).not.toMatch(/…$/);
      const items = (await jobs.all()).slice(0, 6);
      for (const item of items) {
        const name = (await item.getAttribute('data-job-id')) ?? '';
        const [planButton, suggestButton] = [
          item.getByTestId('planner-job-plan'),
          item.getByTestId('planner-job-suggest'),
        ];
        const buttons = [planButton, suggestButton];
        await expect(planButton).toContainText(plan);
        await expect(suggestButton).toContainText(suggest);
        // Each label inside its button (the job's name after it is for screen readers only).
        for (const button of buttons) {
          const inside = await button.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el.firstChild!);
            const [label, own] = [range.getBoundingClientRect(), el.getBoundingClientRect()];
            return label.width > 0 && label.left >= own.left && label.right <= own.right;
          });
          expect(inside, `${name}: ${await button.textContent()}`).toBe(true);
        }
        // Together less than 40 % of the row: the job's own lines keep the rest.
        const row = await box(item);
        const [a, b] = [await box(planButton), await box(suggestButton)];
        const width = Math.max(a.x + a.width, b.x + b.width) - Math.min(a.x, b.x);
        expect(width / row.width, name).toBeLessThan(0.4);
      }
      // The priority (last on the job's second line) whole, inside the job's text beside the buttons.
      const priorities = page.getByTestId('planner-job-priority');
      await expect(priorities.first()).toBeVisible();
      expect(await cutTexts(priorities)).toEqual([]);
      for (const item of items) {
        const priority = item.getByTestId('planner-job-priority');
        if (!(await priority.count())) continue;
        const p = await box(priority);
        const plan = await box(item.getByTestId('planner-job-plan'));
        expect(p.x + p.width).toBeLessThanOrEqual(plan.x);
      }
      const names = ['1', '2', '3', '4'].map((id) => text(lang, 'reference', `job_priority.${id}`));
      for (const shown of await priorities.allTextContents())
        expect(names).toContain(shown.replace(/^\s·\s/, ''));
    });
  }

  for (const lang of ['en', 'no', 'zh-CN']) {
    test(`the time report's week table has the width for the whole week (${lang})`, async ({
      page,
      request,
    }) => {
      await signInAs(page, await freshUser(request, 1, lang), lang);
      await page.goto('./dashboard/timereport');
      const week = page.getByTestId('user-week');
      await expect(week.getByTestId('grid-line').first()).toBeVisible();
      // The table does not scroll sideways: Sunday and the week's total are in view.
      const table = week.getByRole('region');
      const scroll = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(scroll).toBeLessThanOrEqual(0);
      const days = week.getByTestId('grid-day');
      await expect(days).toHaveCount(7);
      expect(await cutTexts(days)).toEqual([]);
      const sunday = await box(days.last());
      const region = await box(table);
      expect(sunday.x + sunday.width).toBeLessThanOrEqual(region.x + region.width);
      // Each day's heading: its name and its day and month, not a date cut after the year ('2026-').
      for (const [i, cell] of (await days.all()).entries()) {
        const day = lang.startsWith('zh') ? '\\d{1,2}月\\d{1,2}日' : '\\d{2}\\.\\d{2}';
        await expect(cell).toHaveText(new RegExp(`^${text(lang, 'timereport', `days.${i}`)}${day}$`));
      }
      // A job's name wraps at most to half as many lines as it has words (not a word a line).
      // Measured in one pass, so a list read again meanwhile cannot leave a title behind.
      const titles = await week.getByTestId('grid-line-title').evaluateAll((els) =>
        els.map((el) => {
          const first = el.firstChild!;
          const range = document.createRange();
          range.selectNodeContents(first);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          const name = (first.textContent ?? '').trim();
          return { name, words: name.split(/\s+/).length, lines: tops.size };
        }),
      );
      expect(titles.length).toBeGreaterThan(0);
      for (const { name, words, lines } of titles)
        expect(lines, name).toBeLessThanOrEqual(Math.max(1, Math.ceil(words / 2)));
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  for (const lang of ['en', 'no']) {
    test(`the hour list's heading fits and its icons leave the entries readable (${lang})`, async ({
      page,
      request,
    }) => {
      const me = await freshUser(request, 2, lang);
      // An entry of today with a comment long enough to reach the row's end.
      const today = new Date().toISOString().slice(0, 10);
      const added = await request.post('/api2/ServiceProvider/TimeReport/AddRow', {
        headers: await adminHeaders(request),
        data: {
          UserId: me.id,
          WorkDate: today,
          Hours: 2,
          ArticleNumber: 'LABOUR',
          Description: 'Labour',
          Comment: 'Replaced the worn drive belt and checked the tension of all the other belts',
        },
      });
      expect(added.ok(), await added.text()).toBe(true);
      await signInAs(page, me, lang);
      await page.goto('./my-page/myhourlist');
      const heading = page.getByRole('heading', {
        level: 2,
        name: text(lang, 'timereport', 'myHours.title'),
      });
      await expect(heading).toBeVisible();
      // On one line: beside the export it wrapped a word a line.
      const lines = await heading.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      expect(await cutTexts(heading)).toEqual([]);

      const row = page.getByTestId('time-row');
      await expect(row).toHaveCount(1);
      const entry = await box(row.locator('.MuiListItemText-root'));
      const edit = await box(row.getByRole('button', { name: text(lang, 'timereport', 'rows.edit') }));
      const remove = await box(row.getByRole('button', { name: text(lang, 'timereport', 'rows.delete') }));
      expect(entry.x + entry.width).toBeLessThanOrEqual(Math.min(edit.x, remove.x));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    });
  }
});
