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
