// Reconciling an account against a bank statement (issue 47): one movement
// is missing from the cleared ones (the difference shows), the user stops and
// comes back (the draft is kept on the server), ticks it and finishes; then
// deleting a reconciled movement asks once more. Screenshots of the screen in
// light and dark, on a phone and a desktop, go to $CC_SHOTS (if set).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
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

const shots = process.env.CC_SHOTS;

async function shoot(page, name) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

test('reconcile: the difference of a missing movement, come back later, tick it, finish; a reconciled movement asks before it is deleted', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'reconcile@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    const acc = await (
      await page.request.post(`${base}/api/v1/accounts`, { data: { name: 'Current account', type: 'bank', currency: 'EUR', openingBalance: 100000 } })
    ).json();
    const cats = (await (await page.request.get(`${base}/api/v1/categories`)).json()).items;
    const expense = cats.find((c) => c.type === 'expense').id;
    const earning = cats.find((c) => c.type === 'earning').id;
    const add = async (m) => {
      const r = await page.request.post(`${base}/api/v1/movements`, { data: { accountId: acc.id, ...m } });
      assert.equal(r.status(), 201, await r.text());
      return r.json();
    };
    await add({ type: 'expense', date: '2026-10-05', amount: 2500, categoryId: expense, description: 'Bakery', state: 'cleared' });
    await add({ type: 'expense', date: '2026-10-10', amount: 4000, categoryId: expense, description: 'Electricity' });
    await add({ type: 'earning', date: '2026-10-20', amount: 150000, categoryId: earning, description: 'Salary', state: 'cleared' });
    await add({ type: 'expense', date: '2026-11-03', amount: 999, categoryId: expense, description: 'After the statement' });

    // From the account's menu in Configuration.
    await page.goto(`${base}/config`);
    await page.getByRole('button', { name: 'Actions: Current account' }).click();
    await page.getByRole('menuitem', { name: 'Reconcile' }).click();
    await page.waitForURL(`${base}/config/accounts/${acc.id}/reconcile`);
    await page.getByRole('heading', { name: 'Reconcile Current account' }).waitFor();

    // The statement: 1,000 − 25 − 40 + 1,500 = 2,435; the cleared movements say 2,475.
    await page.getByLabel('Statement date').fill('2026-10-31');
    await page.getByRole('textbox', { name: 'Statement balance' }).fill('2435.00');
    await page.getByText('€2,475.00').waitFor();
    const difference = page.getByTestId('reconcile-difference');
    await page.waitForFunction(() => document.querySelector('[data-testid="reconcile-difference"]')?.textContent === '-€40.00');
    assert.equal(await page.getByRole('button', { name: 'Finish', exact: true }).isDisabled(), true);
    await page.getByRole('button', { name: 'Add an adjustment of -€40.00' }).waitFor();
    const electricity = page.getByRole('checkbox', { name: /^Cleared: Electricity/ });
    await electricity.waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /^Cleared: After the statement/ }).count(), 0);
    await shoot(page, 'reconcile-desktop-light-difference');

    // Stop and come back: the statement is kept on the server.
    await page.getByRole('button', { name: 'Finish later' }).click();
    await page.waitForURL(`${base}/config`);
    const draft = (await (await page.request.get(`${base}/api/v1/accounts/${acc.id}`)).json()).reconcileDraft;
    assert.deepEqual(draft, { date: '2026-10-31', balance: 243500 });
    await page.getByRole('link', { name: /^Reconciliation in progress/ }).click();
    await page.waitForURL(`${base}/config/accounts/${acc.id}/reconcile`);
    assert.equal(await page.getByRole('textbox', { name: 'Statement balance' }).inputValue(), '2435.00');
    await page.waitForFunction(() => document.querySelector('[data-testid="reconcile-difference"]')?.textContent === '-€40.00');

    // Tick the missing movement (with the keyboard): the difference is zero.
    await electricity.focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('[data-testid="reconcile-difference"]')?.textContent === '€0.00');
    assert.equal(await electricity.isChecked(), true);
    await page.getByText('The cleared balance matches the statement.').waitFor();
    await shoot(page, 'reconcile-desktop-light-zero');
    assert.equal(await difference.textContent(), '€0.00');
    await page.getByRole('button', { name: 'Finish', exact: true }).click();
    await page.getByText('Reconciled: 3 movements locked.').waitFor();
    await page.waitForURL(`${base}/config`);
    await page.getByText('Reconciled on 31 Oct 2026 at €2,435.00').waitFor();
    const states = (await (await page.request.get(`${base}/api/v1/movements?accountId=${acc.id}`)).json()).items.map((m) => [m.description, m.state]);
    assert.deepEqual(states.sort(), [
      ['After the statement', 'uncleared'],
      ['Bakery', 'reconciled'],
      ['Electricity', 'reconciled'],
      ['Salary', 'reconciled'],
    ]);
    const after = await (await page.request.get(`${base}/api/v1/accounts/${acc.id}`)).json();
    assert.equal(after.reconcileDraft, null);

    // Deleting a reconciled movement asks once more.
    await page.goto(`${base}/movements`);
    await page.getByRole('checkbox', { name: /^Select movement: Electricity/ }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/This movement is reconciled with a bank statement/).waitFor();
    let list = (await (await page.request.get(`${base}/api/v1/movements?accountId=${acc.id}`)).json()).items;
    assert.equal(list.length, 4, 'nothing deleted before the confirmation');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: /^Select movement: Electricity/ }).waitFor({ state: 'detached' });
    list = (await (await page.request.get(`${base}/api/v1/movements?accountId=${acc.id}`)).json()).items;
    assert.deepEqual(list.map((m) => m.description).sort(), ['After the statement', 'Bakery', 'Salary']);

    // The screen on a phone and in dark, for the eye.
    if (shots) {
      for (const [scheme, w, h, name] of [
        ['DARK_MODE', 1280, 900, 'desktop-dark'],
        ['LIGHT_MODE', 390, 844, 'phone-light'],
        ['DARK_MODE', 390, 844, 'phone-dark'],
      ]) {
        const c = await browser.newContext({ locale: 'en-GB', viewport: { width: w, height: h }, storageState: await ctx.storageState() });
        const p = await c.newPage();
        await p.request.put(`${base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', themePreference: scheme } });
        await p.goto(`${base}/config/accounts/${acc.id}/reconcile`);
        await p.getByRole('heading', { name: 'Reconcile Current account' }).waitFor();
        await p.getByLabel('Statement date').fill('2026-11-30');
        await p.getByRole('textbox', { name: 'Statement balance' }).fill('2400');
        await p.getByRole('checkbox', { name: /^Cleared: After the statement/ }).waitFor();
        await shoot(p, `reconcile-${name}`);
        await c.close();
      }
    }
  } finally {
    await ctx.close();
  }
});
