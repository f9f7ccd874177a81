import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, startServer } from './server.mjs';

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

const badFile = {
  name: 'bank.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('date,description,amount\n2026-03-01,Good one,-10.00\n2026-02-30,Bad date,-5.00\n2026-03-03,Another good,20.00\n'),
};

test('import: a bad row blocks the import until skipped; the same file again is all duplicates', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const r = await page.request.post(`${srv.base}/api/v1/auth/signup`, {
      data: { email: 'import@example.com', password: 'mango-river-42', name: 'Ima', languagePreference: 'SWITCH_TO_ENGLISH' },
    });
    assert.equal(r.status(), 201);
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });

    const importOnce = async () => {
      await page.goto(`${srv.base}/movements`);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import movements' });
      await dialog.locator('input[type="file"]').setInputFiles(badFile);
      await dialog.getByRole('button', { name: 'Read the file' }).click();
      await dialog.getByText('3 rows', { exact: true }).waitFor();
      return dialog;
    };

    let dialog = await importOnce();
    await dialog.getByText('1 row with errors').first().waitFor();
    await dialog.getByText('Row 3, Date: Not valid').waitFor();
    assert.ok(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled());
    await dialog.getByLabel('Skip the rows with errors').check();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('2 imported, 0 duplicates skipped').waitFor();
    await page.getByRole('button', { name: 'Edit: Good one' }).waitFor();
    await page.getByRole('button', { name: 'Edit: Another good' }).waitFor();
    let acc = (await (await page.request.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
    assert.equal(acc.balance, 1000);

    dialog = await importOnce();
    await dialog.getByText('2 already in the account').waitFor();
    await dialog.getByLabel('Skip the rows with errors').check();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('0 imported, 2 duplicates skipped').waitFor();
    const list = await (await page.request.get(`${srv.base}/api/v1/movements`)).json();
    assert.equal(list.items.length, 2);
    acc = (await (await page.request.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
    assert.equal(acc.balance, 1000);

    // A file that is not a bank file says so, in the user's language.
    await page.goto(`${srv.base}/movements`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Import movements' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG\r\n\x1a\n\0\0\0') });
    await dialog.getByRole('button', { name: 'Read the file' }).click();
    await dialog.getByRole('alert').waitFor();
    const text = await dialog.getByRole('alert').innerText();
    assert.doesNotMatch(text, /unsupported_media|internal/);
  } finally {
    await ctx.close();
  }
});

// A QIF file whose dates read both ways, with a category list above its
// transactions (in French): the list is left out and counted, the import
// waits for the user to say which is the day, and the dates are then read
// that way. The file used to be read month/day without a word.
test('import: a QIF file asks which is the day and says what it left out', async () => {
  const ctx = await browser.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  try {
    const r = await page.request.post(`${srv.base}/api/v1/auth/signup`, {
      data: { email: 'qif@example.com', password: 'mango-river-42', name: 'Quentin', languagePreference: 'SWITCH_TO_FRENCH' },
    });
    assert.equal(r.status(), 201);
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_FRENCH', baseCurrency: 'EUR' } });
    const qif = '!Type:Cat\nNCourses\nDNourriture\nE\n^\n!Type:Bank\nD01/02/2025\nT-10.00\nPBoulangerie\n^\nD03/04/2025\nT-20.00\nPPharmacie\n^\n';
    await page.goto(`${srv.base}/movements`);
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'releve.qif', mimeType: 'application/octet-stream', buffer: Buffer.from(qif) });
    await dialog.getByRole('button', { name: 'Lire le fichier' }).click();
    await dialog.getByText('Quel est le jour ?').waitFor();
    await dialog.getByText('1 entrée d’une liste de catégories ou de classes').waitFor();
    const importButton = dialog.getByRole('button', { name: 'Importer', exact: true });
    assert.ok(await importButton.isDisabled(), 'the import waits for the date format');
    await dialog.getByLabel('Format de date').click();
    await page.getByRole('option', { name: 'DD/MM/YYYY' }).click();
    await dialog.getByText('2025-02-01').waitFor();
    await importButton.click();
    await page
      .getByRole('button', { name: /Boulangerie/ })
      .first()
      .waitFor();
    const list = await (await page.request.get(`${srv.base}/api/v1/movements`)).json();
    assert.deepEqual(list.items.map((m) => m.date).sort(), ['2025-02-01', '2025-04-03']);
  } finally {
    await ctx.close();
  }
});
