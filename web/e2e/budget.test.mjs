// Budgets: a budget set on the budget view (under Categories) holds for the
// month; an expense recorded afterwards moves its bar; the next month has the
// same budget (set "from this month on") and nothing spent yet.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, signUpViaApi, startServer } from './server.mjs';

let srv;
let browser;
before(async () => {
  srv = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
});

test('set a budget, record an expense, see the bar move', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'budget@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
    assert.equal(
      (await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } })).status(),
      200,
    );

    await page.goto(`${base}/categories`);
    await page.getByRole('link', { name: 'Budget', exact: true }).click();
    await page.waitForURL(/\/categories\/budget$/);
    const input = page.getByRole('textbox', { name: 'Budget for Food' });
    await input.fill('100');
    await input.press('Enter');
    // (an empty bar has no width: wait for it in the page, not on screen)
    await page.getByRole('progressbar', { name: 'Food: 0 % spent' }).waitFor({ state: 'attached' });
    await page.getByText('€100.00 left').first().waitFor();

    // An expense of 40 in Food › Groceries, recorded on Home: Food's bar moves to 40 %.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    const form = page.getByRole('form', { name: 'New movement' });
    await form.getByLabel('Amount').fill('40');
    await form.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Food › Groceries' }).click();
    await form.getByLabel('Description').fill('Market');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Movement saved').first().waitFor();
    await page.getByRole('link', { name: 'Categories', exact: true }).first().click();
    await page.waitForURL(/\/categories$/);
    await page.getByRole('link', { name: 'Budget', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Food: 40 % spent' }).waitFor();
    await page.getByText('€60.00 left').first().waitFor();

    // The next month: the same budget, nothing spent.
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('progressbar', { name: 'Food: 0 % spent' }).waitFor({ state: 'attached' });
    assert.equal(await page.getByRole('textbox', { name: 'Budget for Food' }).inputValue(), '100.00');

    // Reports → Budget: this month's row, budgeted against spent, in the table beside the chart.
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('tab', { name: 'Budget' }).click();
    const row = page.getByRole('row', { name: new RegExp(`^${new Date().toLocaleString('en-GB', { month: 'short' })}.* €100\\.00 €40\\.00 €60\\.00$`) });
    await row.waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await ctx.close();
  }
});

// The month's title capitalises its first letter only ("Noviembre de 2026",
// not "Noviembre De 2026"), and the placeholder of an empty budget ("Sin
// presupuesto") fits its field, in each language, on a desktop and a phone.
for (const [lang, preference, title] of [
  ['es', 'SWITCH_TO_SPANISH', /^\p{Lu}\p{Ll}+ de \d{4}$/u],
  ['en', 'SWITCH_TO_ENGLISH', /^\p{Lu}\p{Ll}+ \d{4}$/u],
  ['fr', 'SWITCH_TO_FRENCH', /^\p{Lu}\p{Ll}+ \d{4}$/u],
]) {
  test(`the month's title and an empty budget's placeholder read whole (${lang})`, async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      await signUpViaApi(page, srv.base, `budget-${lang}-${viewport.width}@example.com`, { languagePreference: preference });
      assert.equal((await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: preference, baseCurrency: 'EUR' } })).status(), 200);
      await page.goto(`${srv.base}/categories/budget`);
      const heading = page.getByRole('heading', { level: 2 }).first();
      await heading.waitFor();
      // innerText is the text as shown (after text-transform).
      assert.match(await heading.evaluate((h) => h.innerText), title);
      await page.locator('input[placeholder]').first().waitFor();
      const cut = await page.evaluate(() => {
        const canvas = document.createElement('canvas').getContext('2d');
        return [...document.querySelectorAll('main input[placeholder]')]
          .filter((i) => i.placeholder && !i.value)
          .map((i) => {
            const s = getComputedStyle(i);
            canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
            const room = i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
            return { text: i.placeholder, need: Math.ceil(canvas.measureText(i.placeholder).width), room };
          })
          .filter((p) => p.need > p.room);
      });
      assert.deepEqual(cut, [], `${lang} ${viewport.width}: placeholders cut`);
      await ctx.close();
    }
  });
}
