// Many currencies, one picture: a ledger in euros with a dollar account. The
// dashboard leaves the dollars out (and says so) until a rate exists; the
// rate entered on the currencies screen converts them; changing the base to
// dollars re-expresses every figure.
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

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const squash = (s) => s.replace(/\s+/g, ' ');

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`a EUR ledger with a USD account (${device}): warned of the missing rate, a rate entered, converted totals, then the base changed to USD`, async () => {
    const ctx = await browser.newContext({ locale: 'en-GB', viewport });
    const page = await ctx.newPage();
    /** The dashboard through the app's navigation (on a phone, its menu). */
    const openDashboard = async () => {
      if (device === 'phone') await page.getByRole('button', { name: 'Open the menu' }).click();
      await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
    };
    try {
      const base = srv.base;
      await signUpViaApi(page, base, `rates-${device}@example.com`, { languagePreference: 'SWITCH_TO_ENGLISH' });
      const w = await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
      assert.equal(w.status(), 200);
      const cash = (await (await page.request.get(`${base}/api/v1/accounts`)).json()).items[0];
      assert.equal(cash.currency, 'EUR');
      const dollars = await (
        await page.request.post(`${base}/api/v1/accounts`, { data: { name: 'Dollar card', type: 'card', currency: 'USD', openingBalance: 0 } })
      ).json();
      const food = (await (await page.request.get(`${base}/api/v1/categories`)).json()).items.find((c) => c.name === 'Food');
      const today = iso(new Date());
      for (const [accountId, amount, description] of [
        [cash.id, 5000, 'Market'],
        [dollars.id, 10000, 'Diner'],
      ]) {
        const r = await page.request.post(`${base}/api/v1/movements`, {
          data: { type: 'expense', date: today, amount, accountId, categoryId: food.id, description },
        });
        assert.equal(r.status(), 201);
      }

      // Without a rate the dollars are left out of the converted totals, and the screen says so.
      await page.goto(`${base}/dashboard`);
      const month = page.getByRole('region', { name: 'This month', exact: true });
      await month.getByText('€50.00').first().waitFor();
      const warning = page.getByRole('status').filter({ hasText: 'Some totals are incomplete' });
      await warning.getByText('Movements in USD have no exchange rate, so they are left out of the totals in EUR.').waitFor();
      const recent = page.getByRole('region', { name: 'Recent movements' });
      await recent.getByRole('listitem').filter({ hasText: 'Diner' }).getByText('no rate').waitFor();

      // The warning leads to the currencies screen, on the currency that lacks a rate.
      await warning.getByRole('link', { name: 'Add exchange rates' }).click();
      await page.waitForURL(/\/config\/currencies\?currency=USD$/);
      await page.getByText('No rates for USD yet.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Add rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add rate' });
      assert.equal(await dialog.getByLabel('Date').inputValue(), today);
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/rates') && r.method() === 'POST');
      await dialog.getByLabel(/1 USD in EUR/).fill('0.92');
      await dialog.getByLabel(/1 USD in EUR/).press('Enter');
      assert.deepEqual((await sent).postDataJSON(), { currency: 'USD', quote: 'EUR', date: today, rate: '0.92' });
      const rates = page.getByRole('list', { name: 'Rates of USD' });
      await rates.getByText('1 USD = 0.92 EUR').waitFor();
      assert.match(squash(await rates.innerText()), /Entered/i);

      // Converted: 50.00 € + 100.00 US$ × 0.92 = 142.00 €, no warning left.
      // Through the app (no reload): the new rate must reach the figures already fetched.
      await openDashboard();
      await month.getByText('€142.00').first().waitFor();
      assert.equal(await page.getByRole('status').filter({ hasText: 'Some totals are incomplete' }).count(), 0);
      await recent.getByRole('listitem').filter({ hasText: 'Diner' }).getByText('≈ -€92.00').waitFor();
      assert.match(squash(await page.getByRole('region', { name: 'Balance', exact: true }).innerText()), /-€142\.00/);
      // Each currency on request.
      await page.getByRole('radiogroup', { name: 'Show totals' }).getByText('By currency').click();
      await month.getByText('US$100.00').first().waitFor();
      assert.match(squash(await month.innerText()), /€50\.00/);
      await page.getByRole('radiogroup', { name: 'Show totals' }).getByText('In EUR').click();
      await month.getByText('€142.00').first().waitFor();

      // The base becomes USD: every converted figure is re-expressed (50.00 € / 0.92 = 54.35 US$, half-even).
      await page.goto(`${base}/config/currencies`);
      const baseSelect = page.getByRole('combobox', { name: 'Currency of every total' });
      assert.equal(await baseSelect.inputValue(), 'EUR · Euro');
      await baseSelect.fill('USD');
      await page.getByRole('option', { name: 'USD · US Dollar' }).click();
      const ask = page.getByRole('dialog', { name: 'Change the main currency to USD?' });
      await ask.getByText('will be re-expressed in USD').waitFor();
      await ask.getByRole('button', { name: 'Change to USD' }).click();
      await page.getByText('Totals are now in USD').waitFor();
      assert.equal((await (await page.request.get(`${base}/api/v1/ledger`)).json()).baseCurrency, 'USD');

      await openDashboard();
      await month.getByText('US$154.35').first().waitFor();
      assert.match(squash(await page.getByRole('region', { name: 'Balance', exact: true }).innerText()), /-US\$154\.35/);
      await page.getByRole('radiogroup', { name: 'Show totals' }).getByText('In USD').waitFor();
      await recent.getByRole('listitem').filter({ hasText: 'Market' }).getByText('≈ -US$54.35').waitFor();

      // The movement list's totals follow too.
      await page.goto(`${base}/movements`);
      await page.getByText('US$154.35').first().waitFor();
    } finally {
      await ctx.close();
    }
  });
}

test('a currency of its own: added on the currencies screen, an account in it, its amounts with its decimals and symbol, converted with its rate', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'miles@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });

    await page.goto(`${base}/config/currencies`);
    await page.getByRole('button', { name: 'Add a currency' }).click();
    const add = page.getByRole('dialog', { name: 'Add a currency' });
    await add.getByLabel(/^Code/).fill('miles');
    await add.getByLabel(/^Name/).fill('Air miles');
    await add.getByLabel(/^Symbol/).fill('mi');
    await add.getByLabel('Decimals').fill('0');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Your own currencies' }).getByText('MILES · Air miles').waitFor();

    // An account in it, from Configuration's account form: 1500 miles, no decimals.
    await page.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'General' }).click();
    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await dialog.getByLabel('Name').fill('Frequent flyer');
    await dialog.getByLabel('Currency').fill('MILES');
    await page.getByRole('option', { name: 'MILES', exact: true }).click();
    await dialog.getByLabel('Opening balance').fill('1500');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('1,500\u00a0mi').waitFor();
    const account = (await (await page.request.get(`${base}/api/v1/accounts`)).json()).items.find((a) => a.currency === 'MILES');
    assert.equal(account.openingBalance, 1500);

    // One mile is worth 0.012 €: the dashboard's converted balance counts the miles (18.00 €).
    await page.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'Currencies and rates' }).click();
    await page
      .getByRole('combobox', { name: 'Currency', exact: true })
      .inputValue()
      .then((v) => assert.equal(v, 'MILES · Air miles'));
    await page.getByRole('button', { name: 'Add rate' }).click();
    const rate = page.getByRole('dialog', { name: 'Add rate' });
    await rate.getByLabel(/1 MILES in EUR/).fill('0.012');
    await rate.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Rates of MILES' }).getByText('1 MILES = 0.012 EUR').waitFor();
    await page.goto(`${base}/dashboard`);
    const balance = page.getByRole('region', { name: 'Balance', exact: true });
    await balance.getByText('€18.00').waitFor();
    await page.getByRole('region', { name: 'Accounts', exact: true }).getByText('1,500\u00a0mi').waitFor();
  } finally {
    await ctx.close();
  }
});

test('the currencies screen and the totals choice work from the keyboard alone', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'keys@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    await page.request.post(`${base}/api/v1/accounts`, { data: { name: 'Francs', type: 'bank', currency: 'CHF', openingBalance: 10000 } });
    await page.goto(`${base}/config/currencies`);
    await page.getByText('No rates for CHF yet.', { exact: false }).waitFor();

    /** Presses Tab until the element has the focus (at most 60 times). */
    const tabTo = async (locator) => {
      for (let i = 0; i < 60; i++) {
        if (await locator.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${locator}`);
    };
    await tabTo(page.getByRole('button', { name: 'Add rate' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add rate' });
    await dialog.waitFor();
    // The rate field has the focus when the dialog opens.
    await page.keyboard.type('1.05');
    await page.keyboard.press('Enter');
    const rates = page.getByRole('list', { name: 'Rates of CHF' });
    await rates.getByText('1 CHF = 1.05 EUR').waitFor();

    // Its menu, then Delete, then the confirmation.
    await tabTo(rates.getByRole('button', { name: /^Actions: / }));
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    // Arrow down until Delete has the focus (the menu moves the focus to
    // its first item once it has opened, which may come after the first press).
    const remove = page.getByRole('menuitem', { name: 'Delete' });
    for (let i = 0; i < 10 && !(await remove.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: /^Delete the rate of / });
    await ask.waitFor();
    await tabTo(ask.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await page.getByText('No rates for CHF yet.', { exact: false }).waitFor();

    // The totals choice on the dashboard: a radio group, moved with the arrows.
    await page.goto(`${base}/dashboard`);
    const inEur = page.getByRole('radio', { name: 'In EUR' });
    await tabTo(inEur);
    await page.keyboard.press('ArrowRight');
    const byCurrency = page.getByRole('radio', { name: 'By currency' });
    await page.waitForFunction((el) => el.checked, await byCurrency.elementHandle());
    await page.getByRole('region', { name: 'Balance', exact: true }).getByText('CHF', { exact: false }).waitFor();
  } finally {
    await ctx.close();
  }
});
