// Importing a ledger end to end, in Chromium against the real binary: on the
// profile a user uploads Firefly III's CSV export (the importer's test file),
// checks its preview, creates the ledger and lands on its movements, with
// the new ledger current; a file that is no export is refused in the user's
// words. axe scans the open preview in the light and the dark theme;
// screenshots of it, light on a desktop and dark on a phone, go to /tmp/shots
// for a person to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch, startServer } from './server.mjs';
import { axeClean, englishUser, noSideScroll, settled, themedContext } from './checks.mjs';

const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FIREFLY = readFileSync(resolve(import.meta.dirname, '../../internal/importer/ledgerfile/testdata/firefly_export.csv'));

let srv;
let browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  srv = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
});

const context = (theme, viewport) => themedContext(browser, theme, viewport);

const newUser = (page, email, theme) => englishUser(page, srv.base, email, theme);

/** Profile's "Import a ledger": chooses the file and answers the section. */
async function upload(page, file) {
  const section = page.getByRole('region', { name: 'Import a ledger' });
  await section.getByRole('button', { name: 'Choose a file…' }).waitFor();
  await section.locator('input[type="file"]').setInputFiles(file);
  return section;
}

/** Scrolls the dialog to its end (the buttons stay at its foot anyway). */
async function toFoot(dialog) {
  await dialog.evaluate((d) => {
    const box = d.matches('.mantine-Modal-content') ? d : (d.querySelector('.mantine-Modal-content') ?? d);
    box.scrollTop = box.scrollHeight;
  });
  await settled(dialog.page());
}

const firefly = { name: 'firefly_export.csv', mimeType: 'text/csv', buffer: FIREFLY };

/** The preview of Firefly III's export, open. */
async function preview(page) {
  await upload(page, firefly);
  const dialog = page.getByRole('dialog', { name: 'Import a ledger' });
  await dialog.getByText('Firefly III', { exact: true }).waitFor();
  return dialog;
}

test('Firefly III’s export becomes a new ledger: preview, create, and its movements', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  await newUser(page, 'firefly.user@example.com', 'LIGHT_MODE');
  await page.goto(`${srv.base}/profile`);
  const dialog = await preview(page);

  // The file's accounts, each with its balance in its currency.
  const accounts = dialog.getByRole('table');
  for (const name of ['Checking', 'US Savings', 'Car loan']) await accounts.getByRole('cell', { name, exact: true }).waitFor();
  assert.equal(await dialog.getByRole('textbox', { name: /^Name of the new ledger/ }).inputValue(), 'firefly_export');
  assert.equal(await dialog.getByRole('combobox', { name: /^Main currency/ }).inputValue(), 'EUR · Euro');
  await dialog.getByText(/^From \d+ Jan 2024 to \d+ \w+ 2024$/).waitFor();
  // The test file's broken rows (a date of "yesterday", an amount of "12.3.4") are left out, in the user's words.
  await dialog.getByText(/rows? will be left out$/).waitFor();
  await dialog.getByRole('button', { name: 'Show which' }).click();
  await dialog.getByText(/^Line \d+: the date cannot be read/).waitFor();
  await dialog.getByText(/^Line \d+: the amount is missing, zero or too large/).waitFor();
  const shown = Number(
    (
      await dialog
        .getByRole('term')
        .filter({ hasText: /^Movements$/ })
        .locator('xpath=following-sibling::dd')
        .textContent()
    ).replace(/\D/g, ''),
  );
  assert.ok(shown > 5, `${shown} movements`);

  await axeClean(page, 'the preview, light');
  await page.screenshot({ path: `${SHOTS}/ledgerimport-preview-light-desktop.png` });
  await toFoot(dialog);
  await page.screenshot({ path: `${SHOTS}/ledgerimport-preview-light-desktop-end.png` });

  await dialog.getByRole('textbox', { name: /^Name of the new ledger/ }).fill('Firefly');
  await dialog.getByRole('button', { name: 'Create ledger' }).dblclick();
  await page.getByText(`Ledger “Firefly” created: ${shown} movements`).waitFor();
  await page.waitForURL(`${srv.base}/movements`);
  await dialog.waitFor({ state: 'detached' });

  // The new ledger is current, and its movements are listed.
  const me = await (await page.request.get(`${srv.base}/api/v1/me`)).json();
  const ledgers = (await (await page.request.get(`${srv.base}/api/v1/ledgers`)).json()).items;
  const made = ledgers.filter((l) => l.name === 'Firefly');
  assert.equal(made.length, 1, 'one ledger, even after a double click');
  assert.equal(me.ledgerId, made[0].id);
  await page.getByRole('button', { name: /Current ledger: Firefly/ }).waitFor();
  await page.getByText('January salary').first().waitFor();
  await page.getByText('Returned bottles').first().waitFor();

  // A file that is no export: refused, in the user's words, and no dialog.
  await page.goto(`${srv.base}/profile`);
  const section = await upload(page, {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Groceries: milk, bread, eggs.\nCall the bank on Monday.\n'),
  });
  await section
    .getByRole('alert')
    .getByText(/^This is not a file Cash Control can import/)
    .waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0);
  await ctx.close();
});

test('the preview on a phone in the dark theme: full screen, nothing off the side, axe clean; Cancel discards the file', async () => {
  const ctx = await context('DARK_MODE', PHONE);
  const page = await ctx.newPage();
  await newUser(page, 'firefly.phone@example.com', 'DARK_MODE');
  await page.goto(`${srv.base}/profile`);
  const dialog = await preview(page);
  await page.screenshot({ path: `${SHOTS}/ledgerimport-preview-dark-phone.png` });
  await dialog.getByRole('button', { name: 'Show which' }).click();
  const box = await dialog.boundingBox();
  assert.ok(box && box.width >= PHONE.width - 1, `the dialog is ${box?.width}px wide`);
  await noSideScroll(page, 'the preview on a phone');
  await axeClean(page, 'the preview, dark');
  // Its foot: the rows left out, and the buttons.
  await toFoot(dialog);
  await page.screenshot({ path: `${SHOTS}/ledgerimport-preview-dark-phone-end.png` });

  const discarded = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/v1/me/ledger-imports/'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.equal((await discarded).status(), 204);
  await dialog.waitFor({ state: 'detached' });
  const ledgers = (await (await page.request.get(`${srv.base}/api/v1/ledgers`)).json()).items;
  assert.equal(ledgers.length, 1, 'no ledger made');
  await ctx.close();
});
