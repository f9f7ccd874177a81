import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, png, signUpViaApi, startServer } from './server.mjs';

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

test('attachments: a photo of the ticket shows its thumbnail and the list its paperclip; an HTML file named .jpg is refused', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'files@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    const cat = (await (await page.request.get(`${base}/api/v1/categories`)).json()).items.find((c) => c.type === 'expense');
    const account = (await (await page.request.get(`${base}/api/v1/accounts`)).json()).items[0];
    const made = await page.request.post(`${base}/api/v1/movements`, {
      data: { type: 'expense', date: '2026-03-01', amount: 3120, accountId: account.id, categoryId: cat.id, description: 'Supermarket' },
    });
    assert.equal(made.status(), 201);

    await page.goto(`${base}/movements`);
    await page.getByRole('button', { name: /^Edit: Supermarket/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit movement' });
    await dialog.getByText('Receipts and files').waitFor();
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: png(640, 480) });
    await page.getByText('ticket.png attached').waitFor();
    const thumb = dialog.getByRole('img', { name: 'ticket.png' });
    await thumb.waitFor();
    await page.waitForFunction((el) => el.complete && el.naturalWidth === 320, await thumb.elementHandle());

    // An HTML page named .jpg: the server reads its bytes and refuses it, in the user's language.
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>') });
    await page.getByText('Only JPEG, PNG, WebP or PDF files of up to 10 MB can be attached.').waitFor();
    const files = (await (await page.request.get(`${base}/api/v1/movements/${(await made.json()).id}/attachments`)).json()).items;
    assert.deepEqual(
      files.map((f) => f.name),
      ['ticket.png'],
    );

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Edit: Supermarket.*1 file attached/ }).waitFor();
  } finally {
    await ctx.close();
  }
});
