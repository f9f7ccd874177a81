// The quick-add box: a movement typed as a sentence in Spanish, English and
// French (the user's language switched between them), read and saved with
// the right amount, date, account and category; a sentence whose account is
// unclear asks before anything is saved. The open box passes axe in both
// themes, on a phone without scrolling sideways. QUICKADD_SHOTS=dir keeps a
// PNG of each state for a person to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, signUpViaApi, startServer } from './server.mjs';
import { axeClean, noSideScroll, settled, themedContext } from './checks.mjs';

const SHOTS = process.env.QUICKADD_SHOTS;

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

const pad = (n) => String(n).padStart(2, '0');
/** A calendar day where the browser is (the same machine): days back from today. */
function daysAgo(n) {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
const firstOfMonth = () => `${daysAgo(0).slice(0, 8)}01`;

const label = { es: 'Escribe un movimiento', en: 'Type a movement', fr: 'Tapez un mouvement' };
const title = { es: 'Añadir rápido', en: 'Quick add', fr: 'Saisie rapide' };
const preference = { es: 'SWITCH_TO_SPANISH', en: 'SWITCH_TO_ENGLISH', fr: 'SWITCH_TO_FRENCH' };

/** A user with three accounts (two cards) and a category for each language's sentence; no starter set. */
async function ledger(page, email, theme = 'LIGHT_MODE') {
  const base = srv.base;
  await signUpViaApi(page, base, email, { languagePreference: 'SWITCH_TO_SPANISH' });
  const ok = async (r) => {
    assert.ok(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`);
    return r.json();
  };
  await ok(
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_SPANISH', baseCurrency: 'EUR', starterCategories: false } }),
  );
  await ok(await page.request.put(`${base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_SPANISH', themePreference: theme } }));
  const accounts = {};
  for (const [name, type] of [
    ['Cuenta Corriente', 'bank'],
    ['Visa', 'card'],
    ['Mastercard', 'card'],
  ])
    accounts[name] = (await ok(await page.request.post(`${base}/api/v1/accounts`, { data: { name, type, currency: 'EUR', openingBalance: 0 } }))).id;
  const categories = {};
  for (const [name, type] of [
    ['Gasolina', 'expense'],
    ['Salary', 'earning'],
    ['Courses', 'expense'],
  ])
    categories[name] = (await ok(await page.request.post(`${base}/api/v1/categories`, { data: { name, type, color: '#1971c2', icon: 'tag' } }))).id;
  return { accounts, categories };
}

async function speak(page, lang, theme = 'LIGHT_MODE') {
  const r = await page.request.put(`${srv.base}/api/v1/me/settings`, { data: { languagePreference: preference[lang], themePreference: theme } });
  assert.equal(r.status(), 200, await r.text());
}

async function movements(page) {
  return (await (await page.request.get(`${srv.base}/api/v1/movements?limit=50`)).json()).items;
}

async function shot(page, name) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('a sentence in Spanish, English and French is read and saved; an unclear account is asked before saving', async () => {
  const ctx = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const { accounts, categories } = await ledger(page, 'quickadd@example.com');

    // Spanish, from the home screen, by its shortcut.
    await page.goto(`${srv.base}/`);
    await page.getByRole('main').waitFor();
    await page.keyboard.press('Control+K');
    let dialog = page.getByRole('dialog', { name: title.es });
    const es = dialog.getByRole('textbox', { name: new RegExp(label.es) });
    await es.waitFor();
    assert.ok(await es.evaluate((el) => el === document.activeElement), 'the sentence box has the focus');
    await es.fill('gasolina 45,50 ayer con la visa');
    await dialog.getByText('45,50 €').waitFor();
    assert.equal(await dialog.getByRole('combobox', { name: 'Cuenta' }).inputValue(), 'Visa (EUR)');
    assert.equal(await dialog.getByRole('combobox', { name: 'Categoría' }).inputValue(), 'Gasolina');
    await shot(page, 'es-desktop-light');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    let list = await movements(page);
    assert.equal(list.length, 1);
    assert.deepEqual(
      {
        type: list[0].type,
        amount: list[0].amount,
        date: list[0].date,
        accountId: list[0].accountId,
        categoryId: list[0].categoryId,
        description: list[0].description,
      },
      { type: 'expense', amount: 4550, date: daysAgo(1), accountId: accounts.Visa, categoryId: categories.Gasolina, description: 'gasolina' },
    );

    // English, from the button on /movements: "2,500" is read the English way (and said).
    await speak(page, 'en');
    await page.goto(`${srv.base}/movements`);
    await page.getByRole('button', { name: 'Quick add' }).click();
    dialog = page.getByRole('dialog', { name: title.en });
    await dialog.getByRole('textbox', { name: new RegExp(label.en) }).fill('salary 2,500 on the 1st into cuenta corriente');
    await dialog.getByText('€2,500.00', { exact: true }).first().waitFor();
    await dialog.getByRole('radio', { name: '€2.50' }).waitFor();
    assert.equal(await dialog.getByRole('combobox', { name: 'Category' }).inputValue(), 'Salary');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    list = await movements(page);
    const salary = list.find((m) => m.type === 'earning');
    assert.deepEqual(
      { amount: salary?.amount, date: salary?.date, accountId: salary?.accountId, categoryId: salary?.categoryId },
      { amount: 250000, date: firstOfMonth(), accountId: accounts['Cuenta Corriente'], categoryId: categories.Salary },
    );

    // French, from the dashboard: "carte" names two cards, so it asks; Enter saves nothing until one is chosen.
    await speak(page, 'fr');
    await page.goto(`${srv.base}/dashboard`);
    await page.getByRole('main').waitFor();
    await page.keyboard.press('Control+K');
    dialog = page.getByRole('dialog', { name: title.fr });
    await dialog.getByRole('textbox', { name: new RegExp(label.fr) }).fill('courses 23,40 hier carte');
    await dialog.getByText('Plusieurs comptes correspondent : lequel ?').waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('Choisissez ce qui est signalé avant d’enregistrer.').waitFor();
    await settled(page);
    await shot(page, 'fr-asks-desktop-light');
    assert.equal((await movements(page)).length, 2, 'nothing saved while the account is unclear');
    const which = dialog.getByRole('combobox', { name: 'Compte' });
    assert.ok(await which.evaluate((el) => el === document.activeElement), 'the focus is on the question');
    await which.click();
    await page.getByRole('option', { name: 'Mastercard (EUR)' }).click();
    await dialog.getByRole('textbox', { name: new RegExp(label.fr) }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    list = await movements(page);
    assert.equal(list.length, 3);
    const courses = list.find((m) => m.description === 'courses');
    assert.deepEqual(
      { type: courses?.type, amount: courses?.amount, date: courses?.date, accountId: courses?.accountId, categoryId: courses?.categoryId },
      { type: 'expense', amount: 2340, date: daysAgo(1), accountId: accounts.Mastercard, categoryId: categories.Courses },
    );

    // Escape closes without saving; "edit in full form" opens the movement form with what was read.
    await page.keyboard.press('Control+K');
    dialog = page.getByRole('dialog', { name: title.fr });
    await dialog.getByRole('textbox', { name: new RegExp(label.fr) }).fill('courses 12 hier avec la visa');
    await dialog.getByRole('button', { name: 'Modifier dans le formulaire complet' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau mouvement' });
    assert.equal(await form.getByRole('textbox', { name: /^Montant/ }).inputValue(), '12,00');
    assert.equal(await form.getByRole('textbox', { name: 'Date' }).inputValue(), daysAgo(1));
    assert.equal(await form.getByRole('combobox', { name: /^Catégorie/ }).inputValue(), 'Courses');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    assert.equal((await movements(page)).length, 3);
  } finally {
    await ctx.close();
  }
});

for (const theme of ['LIGHT_MODE', 'DARK_MODE']) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    test(`the open quick-add box asking a question has no accessibility violations (${theme}, ${device})`, async () => {
      const ctx = await themedContext(browser, theme, viewport);
      const page = await ctx.newPage();
      try {
        await ledger(page, `quickadd-${theme}-${device}@example.com`, theme);
        await speak(page, 'en', theme);
        await page.goto(`${srv.base}/movements`);
        await page.getByRole('button', { name: 'Quick add' }).click();
        const dialog = page.getByRole('dialog', { name: title.en });
        // Two numbers, two cards and the same weekday as today's: every kind of question at once.
        const weekday = new Date().toLocaleDateString('en-GB', { weekday: 'long' }).toLowerCase();
        await dialog.getByRole('textbox', { name: new RegExp(label.en) }).fill(`gasolina 3 4 ${weekday} by card`);
        await dialog.getByText('Several numbers: which one is the amount?').waitFor();
        await page.keyboard.press('Enter');
        await dialog.getByRole('alert').waitFor();
        await axeClean(page, `quick-add box ${theme} ${device}`);
        await noSideScroll(page, `quick-add box ${theme} ${device}`);
        await shot(page, `asks-${device}-${theme === 'DARK_MODE' ? 'dark' : 'light'}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      } finally {
        await ctx.close();
      }
    });
  }
}
