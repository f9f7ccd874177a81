import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { launch, startServer } from './server.mjs';

// A Norma 43 statement (Windows-1252 text, complementary concept records)
// imported through Movements → Import in each language: the preview says the
// balance the bank states, the movements appear with their accents, and the
// account's balance is then the bank's. Screens of the preview at phone and
// desktop size, light and dark, in /tmp/shots.

const SHOTS = '/tmp/shots';
const n43 = readFileSync(new URL('../../internal/importer/statement/testdata/norma43/latin1_complementary.n43', import.meta.url));

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

const languages = [
  {
    lang: 'es',
    pref: 'SWITCH_TO_SPANISH',
    locale: 'es-ES',
    open: 'Importar',
    upload: 'Leer el archivo',
    balance: /El banco indica un saldo de 118,68\s€ el 30\/6\/2025\./,
    gnucash: 'Es un archivo de GnuCash',
  },
  {
    lang: 'en',
    pref: 'SWITCH_TO_ENGLISH',
    locale: 'en-GB',
    open: 'Import',
    upload: 'Read the file',
    balance: /The bank states a balance of €118\.68 on 30\/06\/2025\./,
    gnucash: 'This is a GnuCash file: export',
  },
  {
    lang: 'fr',
    pref: 'SWITCH_TO_FRENCH',
    locale: 'fr-FR',
    open: 'Importer',
    upload: 'Lire le fichier',
    balance: /La banque indique un solde de 118,68\s€ au 30\/06\/2025\./,
    gnucash: 'C’est un fichier GnuCash',
  },
];

for (const l of languages) {
  test(`import: a Norma 43 statement in ${l.lang}`, async () => {
    const ctx = await browser.newContext({ locale: l.locale, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    try {
      const email = `n43-${l.lang}@example.com`;
      const r = await page.request.post(`${srv.base}/api/v1/auth/signup`, {
        data: { email, password: 'mango-river-42', name: 'Nuria', languagePreference: l.pref },
      });
      assert.equal(r.status(), 201);
      await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: l.pref, baseCurrency: 'EUR' } });
      const s = await page.request.put(`${srv.base}/api/v1/me/settings`, {
        data: { languagePreference: l.pref, themePreference: 'LIGHT_MODE' },
      });
      assert.equal(s.status(), 200, await s.text());
      let acc = (await (await page.request.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
      const start = acc.balance;

      // Another app's book is refused with what it is and what to send instead.
      await page.goto(`${srv.base}/movements`);
      await page.getByRole('button', { name: l.open, exact: true }).click();
      let dialog = page.getByRole('dialog');
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'casa.gnucash', mimeType: 'application/gzip', buffer: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]) });
      await dialog.getByRole('button', { name: l.upload }).click();
      await dialog.getByText(l.gnucash).waitFor();

      await page.goto(`${srv.base}/movements`);
      await page.getByRole('button', { name: l.open, exact: true }).click();
      dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'extracto.n43', mimeType: 'application/octet-stream', buffer: n43 });
      await dialog.getByRole('button', { name: l.upload }).click();
      await dialog.getByText(l.balance).waitFor();
      await dialog.getByText('TRANSFERENCIA DE MUÑOZ PEÑA, ANDRÉS CONCEPTO: DEVOLUCIÓN PRÉSTAMO').first().waitFor();
      for (const [size, viewport] of [
        ['desktop', { width: 1280, height: 900 }],
        ['phone', { width: 390, height: 844 }],
      ]) {
        await page.setViewportSize(viewport);
        for (const theme of ['light', 'dark']) {
          await page.evaluate((t) => document.documentElement.setAttribute('data-mantine-color-scheme', t), theme);
          await page.screenshot({ path: `${SHOTS}/bankformats-n43-${l.lang}-${theme}-${size}.png` });
        }
      }
      await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
      await dialog.getByRole('button', { name: l.open, exact: true }).click();
      await page
        .getByRole('button', { name: /MUÑOZ PEÑA/ })
        .first()
        .waitFor();
      const list = await (await page.request.get(`${srv.base}/api/v1/movements`)).json();
      assert.deepEqual(list.items.map((m) => m.date).sort(), ['2025-06-03', '2025-06-10', '2025-06-15', '2025-06-20']);
      acc = (await (await page.request.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
      assert.equal(acc.balance - start, -8745 + 50000 - 4312 - 10000);
    } finally {
      await ctx.close();
    }
  });
}
