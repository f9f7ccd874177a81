// Bank sync through the screen (Configuration → Bank connections), against
// the real binary and the fake SimpleFIN Bridge of tools/mockbank (mockbank.mjs): connect with a
// setup token, link two accounts (one the user had, one made from the bank's),
// the first sync; then the bank books a pending transaction and adds two, one of
// which the user had typed by hand: the second sync adds one, matches one and
// updates one, nothing twice, and the balances are the bank's. A failed sync
// shows on the connection and on Home. axe finds nothing, in the light theme
// on a desktop and in the dark on a phone (screenshots in /tmp/shots).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, startServer } from './server.mjs';
import { axeClean, englishUser, noSideScroll, settled, themedContext } from './checks.mjs';
import { daysAgo, startMockBank } from './mockbank.mjs';

const SHOTS = '/tmp/shots';
const EMAIL = 'banks@example.com';
const PASSWORD = 'mango-river-42';
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/** The bank: a checking account (one transaction still pending) and a savings account; balances are what the transactions add up to. */
const checking = {
  id: 'ACT-CHK',
  name: 'Everyday Checking',
  currency: 'USD',
  balance: '3477.71', // 1000.00 before these
  balanceDate: daysAgo(0),
  txs: [
    { id: 'C1', date: daysAgo(20), amount: '-12.30', description: 'COFFEE SHOP 123', payee: 'Coffee Shop' },
    { id: 'C2', date: daysAgo(10), amount: '2500.00', description: 'PAYROLL ACME INC', payee: 'Acme Inc' },
    { id: 'C3', date: daysAgo(2), amount: '-9.99', description: 'STREAMING SERVICE', payee: 'Streaming Service', pending: true },
  ],
};
const savings = {
  id: 'ACT-SAV',
  name: 'Online Savings',
  currency: 'USD',
  balance: '5250.00', // 5000.00 before these
  balanceDate: daysAgo(0),
  txs: [
    { id: 'S1', date: daysAgo(30), amount: '200.00', description: 'TRANSFER IN', payee: '' },
    { id: 'S2', date: daysAgo(15), amount: '50.00', description: 'INTEREST PAYMENT', payee: '' },
  ],
};

let srv;
let bank;
let browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  bank = await startMockBank();
  await bank.setAccounts('simplefin', [checking, savings]);
  srv = await startServer({ CASHCONTROL_SECRET_KEY: 'e2e-bank-secret-key-0123456789abcdef', CASHCONTROL_SIMPLEFIN_URL: bank.simplefin });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
  bank?.stop();
});

/** A screenshot of the whole screen: the app scrolls inside its frame, so the window is made as tall as the content for it. */
async function shot(page, path) {
  const size = page.viewportSize();
  const tall = await page.evaluate(() => Math.max(...[...document.querySelectorAll('main, main *')].map((e) => e.scrollHeight)));
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, tall + 120) });
  await settled(page);
  await page.screenshot({ path });
  await page.setViewportSize(size);
}

/** The page's amounts with plain spaces (Intl puts narrow no-break ones in some languages). */
const squash = (s) => s.replace(/[\s\u00a0\u202f]+/g, ' ');

let checkingId;

test('connect SimpleFIN, link an account and make one, sync twice: added, matched, booked, never twice, balances the bank’s', async () => {
  const ctx = await themedContext(browser, 'LIGHT_MODE', desktop);
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await englishUser(page, base, EMAIL, 'LIGHT_MODE');
    const r = await page.request.post(`${base}/api/v1/accounts`, { data: { name: 'Checking', type: 'bank', currency: 'USD', openingBalance: 100000 } });
    assert.equal(r.status(), 201, await r.text());
    checkingId = (await r.json()).id;

    // Connect with the bridge's setup token.
    await page.goto(`${base}/config/banks`);
    await page.getByRole('button', { name: 'Connect with SimpleFIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect with SimpleFIN' });
    await dialog.getByLabel(/Setup token/).fill(await bank.setupToken());
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'detached' });
    const conn = page.getByRole('region', { name: 'SimpleFIN Bridge' });
    await conn.getByText('Active', { exact: true }).waitFor();
    await conn.getByText('Not synced yet.').waitFor();
    const accounts = conn.getByRole('list', { name: /The bank’s accounts/ });
    const row = (name) => accounts.getByRole('listitem').filter({ hasText: name });
    assert.match(squash(await row('Everyday Checking').innerText()), /Bank: US\$3,477\.71 on/);

    // The checking account is linked to the account the user had.
    await conn.getByRole('combobox', { name: 'Cash Control account for Everyday Checking' }).click();
    await page.getByRole('option', { name: 'Checking', exact: true }).click();
    await row('Everyday Checking').getByText('In Cash Control: US$1,000.00').waitFor();
    await row('Everyday Checking').getByText('Difference: +US$2,477.71').waitFor();

    // The savings account becomes a new account: created, linked, synced (the first sync), its balance the bank's.
    await conn.getByRole('button', { name: 'Create an account: Online Savings, in USD, with the bank’s balance' }).click();
    await page.getByText('Account Online Savings created, linked and synced: its balance is the bank’s.').waitFor();
    await row('Online Savings').getByText('In Cash Control: US$5,250.00').waitFor();
    await row('Online Savings').getByText('The balances agree.').waitFor();
    await row('Everyday Checking').getByText('In Cash Control: US$3,477.71').waitFor();
    await row('Everyday Checking').getByText('The balances agree.').waitFor();
    await conn.getByText('5 added, 0 matched, 0 updated').waitFor();

    // Nothing new: a sync adds nothing.
    await conn.getByRole('button', { name: 'Sync now: SimpleFIN Bridge' }).click();
    await page.getByText('Synced: 0 added, 0 matched, 0 updated.').waitFor();

    // The user types a purchase by hand; then the bank books the pending one and reports that purchase and a new one.
    const food = (await (await page.request.get(`${base}/api/v1/categories`)).json()).items.find((c) => c.type === 'expense' && !c.parentId);
    const typed = await page.request.post(`${base}/api/v1/movements`, {
      data: { type: 'expense', date: daysAgo(1), amount: 4500, accountId: checkingId, categoryId: food.id, description: 'Grocery Outlet' },
    });
    assert.equal(typed.status(), 201, await typed.text());
    const pending = checking.txs.find((t) => t.id === 'C3');
    pending.pending = false;
    pending.date = daysAgo(1);
    checking.txs.push(
      { id: 'C4', date: daysAgo(0), amount: '-45.00', description: 'GROCERY OUTLET #123', payee: 'Grocery Outlet' },
      { id: 'C5', date: daysAgo(0), amount: '-20.00', description: 'GAS STATION 77', payee: 'Gas Station' },
    );
    checking.balance = '3412.71';
    await bank.setAccounts('simplefin', [checking, savings]);

    await conn.getByRole('button', { name: 'Sync now: SimpleFIN Bridge' }).click();
    await page.getByText('Synced: 1 added, 1 matched, 1 updated.').waitFor();
    await conn.getByText('1 added, 1 matched, 1 updated').waitFor();
    const matches = conn.getByRole('region', { name: 'Matched with movements you had' });
    const match = matches.getByRole('listitem');
    assert.equal(await match.count(), 1);
    assert.match(squash(await match.innerText()), /-US\$45\.00 .*matched with your movement “Grocery Outlet” of/);
    await row('Everyday Checking').getByText('In Cash Control: US$3,412.71').waitFor();
    await row('Everyday Checking').getByText('The balances agree.').waitFor();
    await row('Online Savings').getByText('The balances agree.').waitFor();

    // The ledger agrees: each bank transaction once, the typed one not doubled, the balances the bank's.
    const movs = (await (await page.request.get(`${base}/api/v1/movements?accountId=${checkingId}&limit=100`)).json()).items;
    assert.deepEqual(
      movs.map((m) => [m.date, m.amount]).sort(),
      [
        [daysAgo(20), 1230],
        [daysAgo(10), 250000],
        [daysAgo(1), 999],
        [daysAgo(1), 4500],
        [daysAgo(0), 2000],
      ].sort(),
    );
    const all = (await (await page.request.get(`${base}/api/v1/accounts`)).json()).items;
    assert.equal(all.find((a) => a.name === 'Checking').balance, 341271);
    assert.equal(all.find((a) => a.name === 'Online Savings').balance, 525000);

    await axeClean(page, 'bank connections, desktop light');
    await shot(page, `${SHOTS}/banks-desktop-light.png`);

    // The bridge cannot reach the bank: the sync fails, the connection says why in the bridge's words, and Home says so.
    await bank.setAccounts('simplefin', []);
    await bank.setErrors(['Connection to Everyday Bank may need attention']);
    await conn.getByRole('button', { name: 'Sync now: SimpleFIN Bridge' }).click();
    const failed = conn.getByRole('alert').filter({ hasText: 'The last sync failed' });
    await failed.waitFor();
    assert.match(await failed.innerText(), /The bank says: SimpleFIN: Connection to Everyday Bank may need attention/);
    await axeClean(page, 'bank connections with a failed sync, desktop light');
    await page.goto(`${base}/`);
    const notice = page.getByRole('alert').filter({ hasText: 'A bank sync failed' });
    await notice.getByText('SimpleFIN Bridge: The bank connection service failed').waitFor();
    await axeClean(page, 'home with a failed bank sync, desktop light');
    await page.screenshot({ path: `${SHOTS}/home-bankfailed-desktop-light.png` });
    await notice.getByRole('link', { name: 'See bank connections' }).click();
    await page.waitForURL(/\/config\/banks$/);
    await page.getByRole('region', { name: 'SimpleFIN Bridge' }).getByText('The last sync failed').waitFor();
  } finally {
    await ctx.close();
  }
});

test('the screen and the Home notice in the dark on a phone: axe, no side scroll', async () => {
  const ctx = await themedContext(browser, 'DARK_MODE', phone);
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    const r = await page.request.post(`${base}/api/v1/auth/login`, { data: { email: EMAIL, password: PASSWORD } });
    assert.equal(r.status(), 200, await r.text());
    const s = await page.request.put(`${base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', themePreference: 'DARK_MODE' } });
    assert.equal(s.status(), 200);
    await page.goto(`${base}/config/banks`);
    const conn = page.getByRole('region', { name: 'SimpleFIN Bridge' });
    await conn.getByText('The last sync failed').waitFor();
    await conn.getByRole('region', { name: 'Matched with movements you had' }).waitFor();
    await settled(page);
    await noSideScroll(page, 'bank connections, phone');
    await axeClean(page, 'bank connections, phone dark');
    await shot(page, `${SHOTS}/banks-phone-dark.png`);
    // The connect dialog on a phone.
    await page.getByRole('button', { name: 'Connect with SimpleFIN' }).click();
    await page.getByRole('dialog', { name: 'Connect with SimpleFIN' }).waitFor();
    await axeClean(page, 'connect dialog, phone dark');
    await page.screenshot({ path: `${SHOTS}/banks-connect-phone-dark.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto(`${base}/`);
    await page.getByRole('alert').filter({ hasText: 'A bank sync failed' }).waitFor();
    await noSideScroll(page, 'home, phone');
    await axeClean(page, 'home with a failed bank sync, phone dark');
    await page.screenshot({ path: `${SHOTS}/home-bankfailed-phone-dark.png` });
  } finally {
    await ctx.close();
  }
});
