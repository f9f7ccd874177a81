import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { launch, signUpViaApi, startServer } from './server.mjs';
import { themedContext } from './checks.mjs';

// Bank files as banks write them, in es, en and fr: a German CSV with a
// preamble of account details above the header and a Soll/Haben pair whose
// unused side holds 0,00 (the wizard proposes "Skip 6 lines" and reads every
// debit), and an Excel workbook of two sheets.

const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

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

const preambleCSV = [
  'Kontonummer:;AT00 1234 0000 0000 0000;;;',
  'Kontoinhaber:;Erika Musterfrau;;;',
  '',
  'Zeitraum:;01.03.2024 - 31.03.2024;;;',
  '',
  'Buchungsdatum;Valuta;Buchungstext;Soll;Haben',
  '01.03.2024;01.03.2024;BILLA DANKT;45,30;0,00',
  '04.03.2024;04.03.2024;Gehalt Muster GmbH;0,00;2.150,00',
  '06.03.2024;07.03.2024;Miete März;780,00;0,00',
  'Kontostand;31.03.2024;;;1.324,70',
].join('\r\n');

/** A stored (uncompressed) zip of the files. */
function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const fname = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fname.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fname.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fname, data);
    centrals.push(central, fname);
    offset += local.length + fname.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const col = (i) => String.fromCharCode(65 + i);
/** A worksheet of rows: strings inline, numbers as numbers. */
const sheet = (rows) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r
          .map((v, j) =>
            typeof v === 'number' ? `<c r="${col(j)}${i + 1}"><v>${v}</v></c>` : `<c r="${col(j)}${i + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('')}</sheetData></worksheet>`;

/** An Excel workbook of a bank's movements (a title row above the header) and a second sheet. */
function workbook() {
  const ns = 'http://schemas.openxmlformats.org';
  const rel = `${ns}/officeDocument/2006/relationships`;
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="Movimientos" sheetId="1" r:id="rId1"/><sheet name="Resumen" sheetId="2" r:id="rId2"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheet([
      ['Extracto de la cuenta ES00 0000'],
      ['Fecha operación', 'Fecha valor', 'Concepto', 'Importe', 'Saldo'],
      ['02/04/2024', '02/04/2024', 'Panadería Sol', -3.2, 996.8],
      ['05/04/2024', '05/04/2024', 'Transferencia recibida', 250.5, 1247.3],
      ['09/04/2024', '10/04/2024', 'Farmacia', -12.75, 1234.55],
    ]),
    'xl/worksheets/sheet2.xml': sheet([['Saldo final', 1234.55]]),
  });
}

const langs = [
  {
    lang: 'es',
    pref: 'SWITCH_TO_SPANISH',
    theme: 'LIGHT_MODE',
    title: 'Importar movimientos',
    upload: 'Leer el archivo',
    commit: 'Importar',
    skip: 'Saltar N líneas',
    sheet: 'Hoja',
  },
  {
    lang: 'en',
    pref: 'SWITCH_TO_ENGLISH',
    theme: 'DARK_MODE',
    title: 'Import movements',
    upload: 'Read the file',
    commit: 'Import',
    skip: 'Skip N lines',
    sheet: 'Sheet',
  },
  {
    lang: 'fr',
    pref: 'SWITCH_TO_FRENCH',
    theme: 'DARK_MODE',
    title: 'Importer des mouvements',
    upload: 'Lire le fichier',
    commit: 'Importer',
    skip: 'Ignorer N lignes',
    sheet: 'Feuille',
  },
];

for (const l of langs) {
  test(`import (${l.lang}): a CSV with a preamble and Soll/Haben, and an Excel workbook`, async () => {
    const ctx = await themedContext(browser, l.theme, DESKTOP);
    const page = await ctx.newPage();
    try {
      const email = `tabular-${l.lang}@example.com`;
      await signUpViaApi(page, srv.base, email, { languagePreference: l.pref });
      await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: l.pref, baseCurrency: 'EUR' } });
      await page.request.put(`${srv.base}/api/v1/me/settings`, { data: { languagePreference: l.pref, themePreference: l.theme } });
      const shots = `${l.lang}-${l.theme === 'DARK_MODE' ? 'dark' : 'light'}`;

      const open = async (file) => {
        await page.setViewportSize(DESKTOP);
        await page.goto(`${srv.base}/movements`);
        await page.getByRole('button', { name: l.commit, exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: l.title });
        await dialog.locator('input[type="file"]').setInputFiles(file);
        await dialog.getByRole('button', { name: l.upload }).click();
        await dialog.getByLabel(l.skip).waitFor();
        return dialog;
      };
      const commit = async (dialog, want) => {
        const done = page.waitForResponse((r) => r.url().endsWith('/commit'));
        await dialog.getByRole('button', { name: l.commit, exact: true }).click();
        const resp = await done;
        assert.equal(resp.status(), 200, await resp.text());
        await dialog.waitFor({ state: 'detached' });
        const list = await (await page.request.get(`${srv.base}/api/v1/movements`)).json();
        assert.equal(list.items.length, want);
        return list.items;
      };

      let dialog = await open({ name: 'umsaetze.csv', mimeType: 'text/csv', buffer: Buffer.from(preambleCSV, 'latin1') });
      assert.equal(await dialog.getByLabel(l.skip).inputValue(), '5');
      await page.screenshot({ path: `${SHOTS}/import-tabular-csv-${shots}-desktop.png` });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SHOTS}/import-tabular-csv-${shots}-phone.png` });
      let items = await commit(dialog, 3);
      const amounts = items.map((m) => (m.type === 'expense' ? -m.amount : m.amount)).sort((a, b) => a - b);
      assert.deepEqual(amounts, [-78000, -4530, 215000]);

      dialog = await open({ name: 'extracto.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook() });
      await dialog.getByLabel(l.sheet).waitFor();
      assert.equal(await dialog.getByLabel(l.skip).inputValue(), '1');
      await page.screenshot({ path: `${SHOTS}/import-tabular-xlsx-${shots}-desktop.png` });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: `${SHOTS}/import-tabular-xlsx-${shots}-phone.png` });
      items = await commit(dialog, 6);
      assert.ok(items.some((m) => m.description === 'Transferencia recibida' && m.amount === 25050 && m.date === '2024-04-05'));
    } finally {
      await ctx.close();
    }
  });
}
