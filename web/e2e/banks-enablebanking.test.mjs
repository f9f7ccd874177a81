// Enable Banking through the screen, against the real binary and the fake
// Enable Banking of tools/mockbank (it checks that every call carries a JWT
// signed with the application's key): the user gives the application's id and
// private key, picks the country and the bank, the browser goes to the bank's
// page and comes back through the server's callback to Configuration → Banks;
// an account made from the bank's is linked and synced (its balance is the
// bank's, read page by page with continuation keys); the bank books two more
// and Sync now adds them, then a sync with nothing new adds nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { launch, startServer } from './server.mjs';
import { axeClean, englishUser, themedContext } from './checks.mjs';

const MOCKBANK = process.env.CASHCONTROL_MOCKBANK || resolve(import.meta.dirname, '../../bin/mockbank');
const EMAIL = 'eb.user@example.com';

const day = (ago) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

/** The bank's account: 1,000.00 before these, its booked balance after them. */
const giro = (txs, balance) => [
  { ID: 'DE-GIRO-1', Name: 'Girokonto', Currency: 'EUR', IBAN: 'DE89370400440532013000', Balance: balance, BalanceDate: day(0), Txs: txs },
];
const first = [
  { ID: 'G1', Date: day(25), Amount: '-42.10', Description: 'REWE Markt', Counterparty: 'REWE' },
  { ID: 'G2', Date: day(18), Amount: '2100.00', Description: 'Gehalt', Counterparty: 'Arbeitgeber GmbH' },
  { ID: 'G3', Date: day(9), Amount: '-15.99', Description: 'Streaming', Counterparty: 'Streamingdienst' },
];
const later = [
  ...first,
  { ID: 'G4', Date: day(2), Amount: '-7.50', Description: 'Bäckerei', Counterparty: 'Bäckerei Schmidt' },
  { ID: 'G5', Date: day(1), Amount: '-60.00', Description: 'Tankstelle', Counterparty: 'Tankstelle Nord' },
];

let bank;
let mock;
let srv;
let browser;
before(async () => {
  if (!existsSync(MOCKBANK)) throw new Error(`${MOCKBANK} is not built: make tools (or make e2e) builds it`);
  mock = spawn(MOCKBANK, [], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((res, rej) => {
    createInterface({ input: mock.stdout }).once('line', res);
    mock.once('exit', () => rej(new Error('mockbank exited')));
  });
  bank = JSON.parse(line);
  await control('PUT', '/accounts/enablebanking', giro(first, '3041.91'));
  srv = await startServer({ CASHCONTROL_SECRET_KEY: 'e2e-bank-secret-key-0123456789abcdef', CASHCONTROL_ENABLEBANKING_URL: bank.enableBanking });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
  mock?.kill();
});

async function control(method, path, body) {
  const r = await fetch(bank.control + path, { method, body: body && JSON.stringify(body) });
  assert.ok(r.ok, `mockbank ${method} ${path}: ${r.status}`);
}

/** The user's accounts through the API, by name. */
async function accounts(page) {
  const r = await page.request.get(`${srv.base}/api/v1/accounts`);
  return Object.fromEntries((await r.json()).items.map((a) => [a.name, a]));
}

test('Enable Banking: application key, the bank’s page and back, an account made and synced, then only what is new', async () => {
  const ctx = await themedContext(browser, 'LIGHT_MODE', { width: 1280, height: 900 });
  const page = await ctx.newPage();
  try {
    await englishUser(page, srv.base, EMAIL, 'LIGHT_MODE');
    await page.goto(`${srv.base}/config/banks`);
    await page.getByRole('button', { name: 'Connect with Enable Banking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect with Enable Banking' });
    await dialog.getByRole('textbox', { name: 'Application id' }).fill(bank.appId);
    await dialog.getByRole('textbox', { name: 'Private key (PEM)' }).fill(bank.keyPem);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The country, then the bank: the browser goes to the bank's page, which sends it back.
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByRole('button', { name: 'Go to ING' }).click();
    await page.waitForURL((u) => u.pathname === '/config/banks' && u.searchParams.has('connection'));
    await page.getByText('The bank authorised the connection').waitFor();
    await axeClean(page, 'Enable Banking, back from the bank');

    // An account made from the bank's, linked and synced: its balance is the bank's.
    await page.getByRole('button', { name: 'Create an account: Girokonto …3000, in EUR, with the bank’s balance' }).click();
    // Named after the bank's account and the end of its IBAN.
    await page.getByText('Account Girokonto …3000 created, linked and synced').waitFor();
    const giroOf = async () => (await accounts(page))['Girokonto …3000'];
    let mine = await giroOf();
    assert.equal(mine?.balance, 304191, JSON.stringify(mine));
    assert.equal(mine.currency, 'EUR');
    await page.getByText('In Cash Control: €3,041.91').waitFor();
    await page.getByText('The balances agree.').waitFor();

    // The bank books two more: Sync now adds them, and only them.
    await control('PUT', '/accounts/enablebanking', giro(later, '2974.41'));
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('Synced: 2 added, 0 matched, 0 updated.').waitFor();
    mine = await giroOf();
    assert.equal(mine.balance, 297441);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('Synced: 0 added, 0 matched, 0 updated.').waitFor();
    const list = await (await page.request.get(`${srv.base}/api/v1/movements?accountId=${mine.id}&limit=100`)).json();
    assert.equal(list.items.length, 5, JSON.stringify(list.items.map((m) => m.description)));
  } finally {
    await ctx.close();
  }
});
