// A receipt's photo read in the browser (tesseract.js served by the binary,
// nothing from elsewhere), checked and corrected by the person, saved as a
// movement with the photo attached: in Spanish in dark on a phone, in English
// in light on a desktop, each screen scanned by axe. The photos are receipts
// of our own making (e2e/receipts/receipts.mjs). Screenshots: /tmp/shots.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, signUpViaApi, startServer } from './server.mjs';
import { axeClean, noSideScroll, settled, themedContext } from './checks.mjs';
import { photograph } from './receipts/receipts.mjs';

const shots = '/tmp/shots';
let srv;
let browser;
before(async () => {
  mkdirSync(shots, { recursive: true });
  srv = await startServer();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
});

const words = {
  es: {
    add: 'Nuevo movimiento',
    read: 'Leer un ticket',
    title: 'Lo que dice el ticket',
    readIn: /^Leído en /,
    photo: 'La foto del ticket',
    total: 'Total',
    date: 'Fecha',
    shop: 'Tienda',
    use: 'Usar en el formulario',
    amount: 'Importe',
    description: 'Descripción',
    save: 'Guardar',
    attached: 'La foto del ticket está adjunta.',
    required: 'Obligatorio',
  },
  en: {
    add: 'New movement',
    read: 'Read a receipt',
    title: 'What the receipt says',
    readIn: /^Read in /,
    photo: 'The receipt’s photo',
    total: 'Total',
    date: 'Date',
    shop: 'Shop',
    use: 'Use in the form',
    amount: 'Amount',
    description: 'Description',
    save: 'Save',
    attached: 'The receipt’s photo is attached.',
    required: 'Required',
  },
};

for (const { lang, theme, viewport, receipt, name } of [
  { lang: 'es', theme: 'DARK_MODE', viewport: { width: 390, height: 844 }, receipt: 3, name: 'phone-dark-es' },
  { lang: 'en', theme: 'LIGHT_MODE', viewport: { width: 1280, height: 900 }, receipt: 4, name: 'desktop-light-en' },
]) {
  test(`a receipt's photo read, corrected and saved with the photo attached (${name})`, async () => {
    const w = words[lang];
    const renderer = await browser.newPage();
    const shot = await photograph(renderer, receipt);
    await renderer.close();

    const ctx = await themedContext(browser, theme, viewport);
    const page = await ctx.newPage();
    // Nothing is asked of another origin: the engine, its core and its languages come from the binary.
    const elsewhere = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(srv.base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
    });
    ctx.on('request', (r) => {
      if (!r.url().startsWith(srv.base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
    });
    try {
      const preference = lang === 'es' ? 'SWITCH_TO_SPANISH' : 'SWITCH_TO_ENGLISH';
      await signUpViaApi(page, srv.base, `receipt-${name}@example.com`, { languagePreference: preference });
      await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: preference, baseCurrency: 'EUR' } });
      await page.request.put(`${srv.base}/api/v1/me/settings`, { data: { languagePreference: preference, themePreference: theme } });

      // The movements screen loads no OCR file until the person asks to read a receipt.
      const ocrFiles = [];
      page.on('request', (r) => {
        if (/\/assets\/(ocr\/|ocr-)/.test(new URL(r.url()).pathname)) ocrFiles.push(new URL(r.url()).pathname);
      });
      await page.goto(`${srv.base}/movements`);
      await page.getByRole('button', { name: w.add }).first().click();
      const form = page.getByRole('dialog', { name: w.add });
      const read = form.getByRole('button', { name: w.read });
      await read.waitFor();
      assert.deepEqual(ocrFiles, [], 'OCR files loaded before the person asked to read a receipt');

      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), read.click()]);
      await chooser.setFiles({ name: 'ticket.jpg', mimeType: 'image/jpeg', buffer: shot.jpeg });
      const dialog = page.getByRole('dialog', { name: w.title });
      await dialog.getByText(w.readIn).waitFor({ timeout: 60_000 });
      assert.ok(ocrFiles.some((f) => f.endsWith('.traineddata.gz')) && ocrFiles.some((f) => f.includes('tesseract-core')), `OCR files: ${ocrFiles.join(', ')}`);

      // What was read, beside the photo.
      const total = dialog.getByRole('textbox', { name: w.total, exact: true });
      const expectedAmount = lang === 'en' ? shot.expected.total : shot.expected.total.replace('.', ',');
      assert.equal(await total.inputValue(), expectedAmount);
      assert.equal(await dialog.getByLabel(w.date, { exact: true }).inputValue(), shot.expected.date);
      const photo = dialog.getByRole('img', { name: w.photo });
      await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await photo.elementHandle());
      await axeClean(page, `the receipt's reading (${name})`);
      await noSideScroll(page, name);
      await page.screenshot({ path: `${shots}/receipt-read-${name}.png` });

      // The person corrects the shop, by keyboard, and uses the values.
      const shop = dialog.getByRole('textbox', { name: w.shop, exact: true });
      await shop.fill('');
      await shop.pressSequentially('Corner shop');
      await dialog.getByRole('button', { name: w.use }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });

      // The form, prefilled.
      assert.equal(await form.getByRole('textbox', { name: new RegExp(`^${w.amount}`) }).inputValue(), expectedAmount);
      assert.equal(await form.getByRole('textbox', { name: w.description }).inputValue(), 'Corner shop');
      assert.equal(await form.getByText(w.required, { exact: true }).count(), 0, 'the form was submitted with the reading');
      await settled(page);
      await axeClean(page, `the prefilled form (${name})`);
      await page.screenshot({ path: `${shots}/receipt-form-${name}.png` });
      // The description's category suggestion, or the first category: the form saves with one.
      const categoryName = /^(Categoría|Category)/;
      const category = form
        .getByRole('textbox', { name: categoryName })
        .or(form.getByRole('combobox', { name: categoryName }))
        .first();
      if (!(await category.inputValue())) {
        await category.click();
        await page.getByRole('option').first().click();
      }
      await form.getByRole('button', { name: w.save }).click();
      await page.getByText(w.attached).waitFor();

      const movements = (await (await page.request.get(`${srv.base}/api/v1/movements`)).json()).items;
      assert.equal(movements.length, 1);
      const [m] = movements;
      assert.equal(m.amount, shot.expected.totalMinor);
      assert.equal(m.date, shot.expected.date);
      assert.equal(m.description, 'Corner shop');
      const files = (await (await page.request.get(`${srv.base}/api/v1/movements/${m.id}/attachments`)).json()).items;
      assert.deepEqual(
        files.map((f) => f.name),
        ['ticket.jpg'],
      );
      assert.deepEqual(elsewhere, [], 'requests to another origin');
    } finally {
      await ctx.close();
    }
  });
}
