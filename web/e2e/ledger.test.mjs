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

async function newUser(email, lang = 'SWITCH_TO_ENGLISH', locale = 'en-GB', viewport = { width: 1280, height: 900 }) {
  const ctx = await browser.newContext({ locale, viewport });
  const page = await ctx.newPage();
  const r = await page.request.post(`${srv.base}/api/v1/auth/signup`, { data: { email, password: 'mango-river-42', name: 'Eva', languagePreference: lang } });
  assert.equal(r.status(), 201);
  return { ctx, page };
}

test('categories: starter set, add a subcategory, rename, archive; a USD account; dark stays readable', async () => {
  const { ctx, page } = await newUser('cats@example.com');
  try {
    await page.goto(`${srv.base}/`);
    await page.getByRole('heading', { name: 'Welcome to Cash Control' }).waitFor();
    assert.ok(await page.getByRole('checkbox', { name: 'Create starter categories' }).isChecked());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Hello, Eva' }).waitFor();

    await page.goto(`${srv.base}/categories`);
    const list = page.getByRole('list', { name: 'Expenses' });
    await list.getByText('Groceries').waitFor();
    await page.getByRole('button', { name: 'Actions: Food' }).click();
    await page.getByRole('menuitem', { name: 'Add subcategory' }).click();
    await page.getByLabel('Name').fill('Bakery');
    await page.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Bakery').waitFor();

    await page.getByRole('button', { name: 'Actions: Bakery' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByLabel('Name').fill('Bread');
    await page.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Bread').waitFor();

    await page.getByRole('button', { name: 'Actions: Bread' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await list.getByText('Bread').waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Show archived' }).check({ force: true });
    await list.getByText('Bread').waitFor();

    const cats = await (await page.request.get(`${srv.base}/api/v1/categories`)).json();
    const bread = cats.items.find((c) => c.name === 'Bread');
    const food = cats.items.find((c) => c.name === 'Food');
    assert.ok(bread.archived && bread.parentId === food.id);

    await page.goto(`${srv.base}/config`);
    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Dollars');
    await dialog.getByLabel('Currency').fill('USD');
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await dialog.getByLabel('Opening balance').fill('1,250.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('US$1,250.50').waitFor();

    await page.locator('label', { hasText: 'Dark' }).click();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    // Readable: body text is light on a dark background.
    const [fg, bg] = await page.evaluate(() => {
      const s = getComputedStyle(document.body);
      return [s.color, s.backgroundColor];
    });
    const lum = (c) =>
      c
        .match(/\d+/g)
        .slice(0, 3)
        .reduce((a, b) => a + Number(b), 0);
    assert.ok(lum(fg) - lum(bg) > 300, `contrast ${fg} on ${bg}`);
  } finally {
    await ctx.close();
  }
});

test('movements: add from Home, edit, filter by category (kept on reload), delete with undo', async () => {
  const { ctx, page } = await newUser('moves@example.com');
  try {
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    await page.goto(`${srv.base}/`);
    const form = page.getByRole('form', { name: 'New movement' });
    await form.getByLabel('Amount').fill('12.50');
    await form.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Food › Groceries' }).click();
    await form.getByLabel('Description').fill('Corner shop');
    await form.getByLabel('Description').press('Enter');
    await page.getByText('Movement saved').first().waitFor();

    await form.locator('label', { hasText: 'Earning' }).click();
    await form.getByLabel('Amount').fill('2000');
    await form.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Salary', exact: true }).click();
    await form.getByLabel('Description').fill('Payroll');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('region', { name: 'Last movements' }).getByText('Payroll').waitFor();

    await page.goto(`${srv.base}/movements`);
    await page.getByRole('button', { name: 'Edit: Corner shop' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Amount').fill('15');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('-€15.00').first().waitFor();

    const cats = await (await page.request.get(`${srv.base}/api/v1/categories`)).json();
    const food = cats.items.find((c) => c.name === 'Food');
    await page.goto(`${srv.base}/movements?categoryId=${food.id}`);
    await page.getByText('1 movement', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('1 movement', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Edit: Payroll' }).count(), 0);
    await page.getByRole('button', { name: 'Edit: Corner shop' }).waitFor();

    await page.goto(`${srv.base}/movements`);
    await page.getByRole('checkbox', { name: 'Select movement: Corner shop' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByText('1 movement deleted').waitFor();
    await page.getByRole('button', { name: 'Edit: Corner shop' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Edit: Corner shop' }).waitFor();
    const acc = (await (await page.request.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
    assert.equal(acc.balance, 200000 - 1500);
  } finally {
    await ctx.close();
  }
});

test('informs and dashboard show the right totals; a category opens its movements', async () => {
  const { ctx, page } = await newUser('reports@example.com', 'SWITCH_TO_SPANISH', 'es-ES');
  try {
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_SPANISH', baseCurrency: 'EUR' } });
    const acc = (await (await page.request.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
    const cats = (await (await page.request.get(`${srv.base}/api/v1/categories`)).json()).items;
    const id = (name) => cats.find((c) => c.name === name).id;
    const d = new Date();
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-01`;
    for (const [type, amount, cat] of [
      ['expense', 4550, 'Supermercado'],
      ['expense', 1000, 'Restaurantes'],
      ['expense', 70000, 'Alquiler o hipoteca'],
      ['earning', 250000, 'Salario'],
    ]) {
      const r = await page.request.post(`${srv.base}/api/v1/movements`, { data: { type, date: day, amount, accountId: acc.id, categoryId: id(cat) } });
      assert.equal(r.status(), 201);
    }
    await page.goto(`${srv.base}/informs`);
    const table = page.getByRole('table', { name: 'Por categoría' });
    await table.getByText('Vivienda').waitFor();
    const text = (await table.innerText()).replace(/\s/g, ' ');
    assert.match(text, /Vivienda\s+700,00 €/);
    assert.match(text, /Alimentación\s+55,50 €/);
    await page.getByRole('tab', { name: 'Tendencia mensual' }).click();
    // The trend's report is asked for when its tab opens: wait for its own table.
    const trendTable = page.getByRole('table', { name: 'Tendencia mensual' });
    await trendTable.getByText('1744,50 €').waitFor();
    const trend = (await trendTable.innerText()).replace(/\s/g, ' ');
    assert.match(trend, /2500,00 €\s+755,50 €\s+1744,50 €/);
    await page.getByRole('tab', { name: 'Por categoría' }).click();
    await page.getByRole('link', { name: '55,50 €' }).click();
    await page.waitForURL(/\/movements\?categoryId=/);
    await page.getByText('2 movimientos').waitFor();

    await page.goto(`${srv.base}/dashboard`);
    const month = page.getByRole('region', { name: 'Este mes', exact: true });
    await month.getByText('2500,00 €').waitFor();
    assert.match((await month.innerText()).replace(/\s/g, ' '), /755,50 €/);
    assert.match((await month.innerText()).replace(/\s/g, ' '), /Tasa de ahorro: 69,8 %/);

    // In the dark theme the donut's centre label is light on dark (the charts' styles are loaded).
    await page.request.put(`${srv.base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_SPANISH', themePreference: 'DARK_MODE' } });
    await page.goto(`${srv.base}/informs`);
    const label = page.locator('svg text', { hasText: '755,50 €' });
    await label.waitFor();
    const fill = await label.evaluate((el) => getComputedStyle(el).fill);
    const lum = fill
      .match(/\d+/g)
      .slice(0, 3)
      .reduce((a, b) => a + Number(b), 0);
    assert.ok(lum > 400, `donut label ${fill} on a dark background`);
  } finally {
    await ctx.close();
  }
});

test('a save whose answer is lost, sent again, saves one movement (Idempotency-Key)', async () => {
  const { ctx, page } = await newUser('retry@example.com');
  try {
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    // The first POST reaches the server and is saved there, but its answer
    // never arrives (a dropped connection): the app reports a network error.
    let lost = 0;
    const keys = [];
    await page.route('**/api/v1/movements', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key']);
      if (lost++ === 0) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    await page.goto(`${srv.base}/`);
    const form = page.getByRole('form', { name: 'New movement' });
    await form.getByLabel('Amount').fill('9.99');
    await form.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Food › Groceries' }).click();
    await form.getByLabel('Description').fill('Lost answer');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('No connection to the server.').first().waitFor();
    // The person tries again: same movement, same key, saved once.
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Movement saved').first().waitFor();
    assert.equal(keys.length, 2);
    assert.ok(keys[0] && keys[0] === keys[1], `one key for both attempts: ${keys}`);
    const list = await (await page.request.get(`${srv.base}/api/v1/movements`)).json();
    assert.equal(list.items.filter((m) => m.description === 'Lost answer').length, 1);
    // The next movement is another one: a new key.
    await form.getByLabel('Amount').fill('1');
    await form.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Food › Groceries' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(async (base) => (await (await fetch(`${base}/api/v1/movements`)).json()).items.length === 2, srv.base);
    assert.notEqual(keys[2], keys[0]);
  } finally {
    await ctx.close();
  }
});
