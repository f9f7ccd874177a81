// Accessibility: axe-core scans every screen of a ledger filled by `demo`,
// in the light and the dark theme, on a desktop and on a phone, plus the
// dialogs people open most. Any violation (contrast, names, roles, ARIA)
// fails the test with axe's own explanation.
//
// The same walk checks that the window never scrolls into blank space: on
// every screen the document is no taller than the app in it (#root). The
// signed-in frame is one screen high and scrolls inside `main`; something
// absolutely positioned in there (a visually hidden label) that took the
// page for its box made the document taller, and scrolling past the content
// slid the whole app away (issue 50).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { AxeBuilder } from '@axe-core/playwright';
import { BIN, launch, png, signUpViaApi, startServer } from './server.mjs';
import { describeViolations, settled } from './checks.mjs';

const EMAIL = 'axe@example.com';
const PASSWORD = 'lantern-meadow-73';
const SCREENS = [
  '/',
  '/categories',
  '/categories/budget',
  '/categories/rules',
  '/movements',
  '/movements/scheduled',
  '/informs',
  '/informs?tab=budget',
  '/dashboard',
  '/config',
  '/config/currencies',
  '/config/ledgers',
  '/config/banks',
  '/config/admin',
  '/profile',
  '/about',
];

let srv;
let browser;
/** The reconcile screen of the demo's first account (a sub-route of Configuration, with a statement begun). */
let reconcile;
before(async () => {
  srv = await startServer();
  await promisify(execFile)(BIN, ['demo', '--email', EMAIL, '--password', PASSWORD, '--movements', '600', '--years', '2'], {
    env: { ...process.env, CASHCONTROL_DATA_DIR: srv.dir, CASHCONTROL_LOG_LEVEL: 'warn' },
  });
  browser = await launch();
  await addCurrencies();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
});

/**
 * A dollar account with a rate and a yen account without one: every screen
 * shows converted figures, the "In EUR / By currency" choice and the warning
 * about the yen, and the currencies screen lists the dollar's rates.
 */
async function addCurrencies() {
  const ctx = await browser.newContext();
  const req = ctx.request;
  const ok = async (r) => assert.ok(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`);
  await ok(await req.post(`${srv.base}/api/v1/auth/login`, { data: { email: EMAIL, password: PASSWORD } }));
  const base = (await (await req.get(`${srv.base}/api/v1/ledger`)).json()).baseCurrency;
  const category = (await (await req.get(`${srv.base}/api/v1/categories`)).json()).items.find((c) => c.type === 'expense' && !c.parentId);
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  for (const [currency, amount, rate] of [
    [base === 'USD' ? 'GBP' : 'USD', 2599, '0.92'],
    ['JPY', 1800, null],
  ]) {
    const r = await req.post(`${srv.base}/api/v1/accounts`, { data: { name: `Travel ${currency}`, type: 'card', currency, openingBalance: 0 } });
    await ok(r);
    const account = await r.json();
    await ok(
      await req.post(`${srv.base}/api/v1/movements`, {
        data: { type: 'expense', date: today, amount, accountId: account.id, categoryId: category.id, description: `Trip ${currency}` },
      }),
    );
    if (rate) await ok(await req.post(`${srv.base}/api/v1/rates`, { data: { currency, date: today, rate } }));
    // A photo of the ticket and a PDF, so the movement dialog shows a thumbnail and a file.
    const movement = (await (await req.get(`${srv.base}/api/v1/movements?limit=1`)).json()).items[0];
    await ok(
      await req.post(`${srv.base}/api/v1/movements/${movement.id}/attachments`, {
        multipart: { file: { name: 'ticket.png', mimeType: 'image/png', buffer: png(400, 300) } },
      }),
    );
    await ok(
      await req.post(`${srv.base}/api/v1/movements/${movement.id}/attachments`, {
        multipart: { file: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') } },
      }),
    );
  }
  // Budgets: one category over its budget, the ledger's overall budget, so the budget view shows its bars.
  await ok(
    await req.put(`${srv.base}/api/v1/budgets`, {
      data: {
        items: [
          { categoryId: category.id, amount: 1000 },
          { categoryId: '0', amount: 300000 },
        ],
      },
    }),
  );
  // Rules: one for the demo's supermarket, one that stops, one switched off.
  for (const body of [
    { name: 'Groceries', conditions: [{ field: 'description', op: 'contains', text: 'super' }], actions: { categoryId: category.id, tags: ['food'] } },
    { name: 'Big', stop: true, conditions: [{ field: 'amount', op: 'between', amount: 100000, amountTo: 900000 }], actions: { tags: ['big'] } },
    { name: 'Off', enabled: false, conditions: [{ field: 'type', op: 'equals', type: 'earning' }], actions: { notes: 'pay' } },
  ]) {
    await ok(await req.post(`${srv.base}/api/v1/rules`, { data: body }));
  }
  // Schedules: one waiting for a confirmation since two days ago, and a large one next week that takes an account below zero
  // (Home lists both; the dashboard's forecast names the account; the demo's regular bills are suggested).
  const account = (await (await req.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
  const ago = new Date(Date.now() - 2 * 86400000).toISOString().slice(0, 10);
  const soon = new Date(Date.now() + 5 * 86400000).toISOString().slice(0, 10);
  for (const body of [
    { type: 'expense', amount: 4500, description: 'Cleaner', frequency: 'weekly', startDate: ago, autoPost: false },
    { type: 'expense', amount: 900000000, description: 'New roof', frequency: 'yearly', startDate: soon },
  ]) {
    await ok(await req.post(`${srv.base}/api/v1/schedules`, { data: { ...body, accountId: account.id, categoryId: category.id } }));
  }
  // A supermarket ticket split in two categories: the list shows a split row, the movement dialog its lines.
  const other = (await (await req.get(`${srv.base}/api/v1/categories`)).json()).items.find((c) => c.type === 'expense' && !c.parentId && c.id !== category.id);
  await ok(
    await req.post(`${srv.base}/api/v1/movements`, {
      data: {
        type: 'expense',
        date: today,
        amount: 5230,
        accountId: account.id,
        categoryId: null,
        description: 'Supermarket ticket',
        splits: [
          { categoryId: category.id, amount: 3850, note: '' },
          { categoryId: other.id, amount: 1380, note: 'Pharmacy' },
        ],
      },
    }),
  );
  // The reconcile screen, a statement begun and kept (its difference shown).
  const r = await req.put(`${srv.base}/api/v1/accounts/${account.id}/reconciliation/draft`, { data: { date: today, balance: account.balance - 1234 } });
  await ok(r);
  reconcile = `/config/accounts/${account.id}/reconcile`;
  await ctx.close();
}

async function scan(page, where, within) {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const { violations } = await builder.analyze();
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

async function signedIn(theme, viewport) {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport });
  const page = await ctx.newPage();
  const r = await page.request.post(`${srv.base}/api/v1/auth/login`, { data: { email: EMAIL, password: PASSWORD } });
  assert.equal(r.status(), 200, await r.text());
  const s = await page.request.put(`${srv.base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', themePreference: theme } });
  assert.equal(s.status(), 200, await s.text());
  return { ctx, page };
}

/** How much taller the document is than the app it holds (0 when it is not). */
const overflow = (page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    const content = Math.max(window.innerHeight, Math.ceil(root.getBoundingClientRect().bottom + window.scrollY));
    return Math.max(0, document.documentElement.scrollHeight - content);
  });

async function open(page, path) {
  await page.goto(`${srv.base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('main').waitFor();
  // Dialogs and notifications move in: axe sees their final colours (charts do not animate: reduced motion).
  await settled(page);
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test(`the login screen on a ${device} has no accessibility violations and no blank space below it`, async () => {
    const ctx = await browser.newContext({ locale: 'en-GB', viewport });
    const page = await ctx.newPage();
    await page.goto(`${srv.base}/login`);
    await page.getByRole('heading', { name: 'Take control of your money' }).waitFor();
    await scan(page, `/login on a ${device}`);
    assert.equal(await overflow(page), 0, `/login on a ${device}: the document is taller than the app`);
    await ctx.close();
  });
}

// Colours differ by theme and layout by width: both themes on a desktop, and
// the phone layout in the dark theme (axe takes seconds a screen here).
const RUNS = [
  ['LIGHT_MODE', 'desktop', { width: 1280, height: 800 }],
  ['DARK_MODE', 'desktop', { width: 1280, height: 800 }],
  ['DARK_MODE', 'phone', { width: 390, height: 844 }],
];
for (const [theme, device, viewport] of RUNS) {
  test(`every screen in ${theme} on a ${device} has no accessibility violations and no blank space below it`, async () => {
    const { ctx, page } = await signedIn(theme, viewport);
    const tall = [];
    for (const path of [...SCREENS, reconcile]) {
      await open(page, path);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme), theme === 'DARK_MODE' ? 'dark' : 'light');
      await scan(page, `${theme} ${device} ${path}`);
      const px = await overflow(page);
      if (px > 0) tall.push(`${path}: ${px} px`);
    }
    assert.deepEqual(tall, [], `the document is taller than the app on ${tall.join(', ')}`);
    await ctx.close();
  });
}

for (const theme of ['LIGHT_MODE', 'DARK_MODE']) {
  test(`the movement, quick-add, category, rate and base currency dialogs in ${theme} have no accessibility violations`, async () => {
    const { ctx, page } = await signedIn(theme, { width: 1280, height: 800 });
    await open(page, '/movements');
    await page
      .getByRole('button', { name: /^Edit: / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await settled(page);
    await scan(page, `${theme} movement dialog`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // A split movement: its lines, and the message of lines that do not add up.
    await page.getByRole('button', { name: /^Edit: Supermarket ticket/ }).click();
    const split = page.getByRole('group', { name: 'Split into categories' });
    await split.waitFor();
    await split.getByRole('textbox', { name: /^Amount, line 2/ }).fill('1');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await split.getByText('The lines must add up to the amount before saving.').waitFor();
    await settled(page);
    await scan(page, `${theme} split movement dialog`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await open(page, '/categories');
    await page
      .getByRole('button', { name: /Add category/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await settled(page);
    await scan(page, `${theme} category dialog`, '[role=dialog]');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The quick-add box (Ctrl+K from any screen) asking which of two numbers is the amount.
    await page.keyboard.press('Control+K');
    const quick = page.getByRole('dialog', { name: 'Quick add' });
    await quick.getByRole('textbox', { name: /^Type a movement/ }).fill('coffee 3 4 yesterday');
    await quick.getByText('Several numbers: which one is the amount?').waitFor();
    await page.keyboard.press('Enter');
    await quick.getByRole('alert').waitFor();
    await settled(page);
    await scan(page, `${theme} quick-add dialog`);
    await page.keyboard.press('Escape');
    await quick.waitFor({ state: 'detached' });

    // A rate with a wrong value (the field's error shown), and the question before the base currency changes.
    await open(page, '/config/currencies');
    await page.getByRole('button', { name: 'Add rate' }).click();
    const rate = page.getByRole('dialog', { name: 'Add rate' });
    await rate.getByLabel(/^1 \w+ in /).fill('0');
    await rate.getByRole('button', { name: 'Save' }).click();
    await rate.getByText('A number above 0').waitFor();
    await scan(page, `${theme} rate dialog`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Currency of every total' }).click();
    await page.getByRole('option', { name: /^CHF/ }).click();
    const ask = page.getByRole('dialog', { name: /^Change the main currency/ });
    await ask.waitFor();
    await settled(page);
    await scan(page, `${theme} base currency question`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ctx.close();
  });
}

/** An invitation to another user's ledger for the scanned user (made once; never accepted, so the other screens keep their ledger). */
let invitationPath;
async function invitationForAxe() {
  if (invitationPath) return invitationPath;
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signUpViaApi(page, srv.base, 'host@example.com', { name: 'Luis', languagePreference: 'SWITCH_TO_ENGLISH' });
  const ledger = await (await page.request.post(`${srv.base}/api/v1/ledgers`, { data: { name: 'Casa' } })).json();
  const r = await page.request.post(`${srv.base}/api/v1/ledgers/${ledger.id}/invitations`, { data: { email: EMAIL, role: 'viewer' } });
  assert.equal(r.status(), 201, await r.text());
  invitationPath = new URL((await r.json()).url).pathname;
  await ctx.close();
  return invitationPath;
}

for (const theme of ['LIGHT_MODE', 'DARK_MODE']) {
  test(`the ledger switcher, the ledgers screen's invitation link and dialog, and an invitation's page in ${theme} have no accessibility violations`, async () => {
    const path = await invitationForAxe();
    const { ctx, page } = await signedIn(theme, { width: 1280, height: 800 });
    await open(page, '/movements');
    await page.getByRole('button', { name: /^Current ledger/ }).click();
    await page.getByRole('menu').waitFor();
    await settled(page);
    await scan(page, `${theme} ledger switcher menu`);
    await page.keyboard.press('Escape');

    await open(page, '/config/ledgers');
    await page.getByRole('textbox', { name: /^Email/ }).fill(`guest-${theme.toLowerCase()}@example.com`);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('textbox', { name: 'Invitation link' }).waitFor();
    await settled(page);
    await scan(page, `${theme} ledgers screen with an invitation link`);
    await page.getByRole('button', { name: 'New ledger' }).click();
    await page.getByRole('dialog', { name: 'New ledger' }).waitFor();
    await settled(page);
    await scan(page, `${theme} new ledger dialog`, '[role=dialog]');
    await page.keyboard.press('Escape');

    await open(page, path);
    await page.getByRole('button', { name: 'Accept invitation' }).waitFor();
    await scan(page, `${theme} invitation page`);
    await open(page, '/invitations/no-such-token');
    await page.getByText('This invitation does not exist', { exact: false }).waitFor();
    await scan(page, `${theme} unknown invitation page`);
    await ctx.close();
  });
}
