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
import { launch, startServer } from './server.mjs';
import { axeClean, englishUser, themedContext } from './checks.mjs';
import { daysAgo as day, startMockBank } from './mockbank.mjs';

const EMAIL = 'eb.user@example.com';

/** The bank's account: 1,000.00 before these, its booked balance after them. */
const giro = (txs, balance) => [{ id: 'DE-GIRO-1', name: 'Girokonto', currency: 'EUR', iban: 'DE89370400440532013000', balance, balanceDate: day(0), txs }];
const first = [
  { id: 'G1', date: day(25), amount: '-42.10', description: 'REWE Markt', payee: 'REWE' },
  { id: 'G2', date: day(18), amount: '2100.00', description: 'Gehalt', payee: 'Arbeitgeber GmbH' },
  { id: 'G3', date: day(9), amount: '-15.99', description: 'Streaming', payee: 'Streamingdienst' },
];
const later = [
  ...first,
  { id: 'G4', date: day(2), amount: '-7.50', description: 'Bäckerei', payee: 'Bäckerei Schmidt' },
  { id: 'G5', date: day(1), amount: '-60.00', description: 'Tankstelle', payee: 'Tankstelle Nord' },
];

let bank;
let srv;
let browser;
before(async () => {
  bank = await startMockBank();
  await bank.setAccounts('enablebanking', giro(first, '3041.91'));
  srv = await startServer({ CASHCONTROL_SECRET_KEY: 'e2e-bank-secret-key-0123456789abcdef', CASHCONTROL_ENABLEBANKING_URL: bank.enableBanking });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
  bank?.stop();
});

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
    await bank.setAccounts('enablebanking', giro(later, '2974.41'));
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
