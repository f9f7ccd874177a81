import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, signUpViaApi, startServer } from './server.mjs';

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

const bankFile = {
  name: 'bank.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('date,description,amount\n2026-03-01,COMPRA MERCADONA 0042,-31.20\n2026-03-02,Cine Paz,-8.00\n'),
};

test('rules: make one on the rules screen, see it in an import’s preview, apply it to what exists, undo', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'rules@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    const cats = (await (await page.request.get(`${base}/api/v1/categories`)).json()).items;
    const other = cats.find((c) => c.type === 'expense' && c.name === 'Other expenses');
    const account = (await (await page.request.get(`${base}/api/v1/accounts`)).json()).items[0];
    // One Mercadona already in the ledger, in Other expenses.
    const old = await page.request.post(`${base}/api/v1/movements?rules=false`, {
      data: { type: 'expense', date: '2026-02-01', amount: 1500, accountId: account.id, categoryId: other.id, description: 'MERCADONA VALENCIA' },
    });
    assert.equal(old.status(), 201);

    await page.goto(`${base}/categories/rules`);
    await page.getByText('No rules yet').waitFor();
    await page.getByRole('button', { name: 'New rule' }).first().click();
    const form = page.getByRole('dialog', { name: 'New rule' });
    await form.getByLabel('Name').fill('Mercadona');
    await form.getByRole('textbox', { name: 'Value' }).fill('mercadona');
    await form.getByRole('combobox', { name: 'Set the category' }).click();
    await page.getByRole('option', { name: 'Food › Groceries' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('When Description contains “mercadona”').waitFor();

    // The import's preview shows the rule's category and name; the commit keeps them.
    await page.goto(`${base}/movements`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import movements' });
    await dialog.locator('input[type="file"]').setInputFiles(bankFile);
    await dialog.getByRole('button', { name: 'Read the file' }).click();
    await dialog.getByText('Rules: Mercadona (Category)').waitFor();
    const row = dialog.getByRole('row', { name: /COMPRA MERCADONA 0042/ });
    await row.getByText(/Groceries/).waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('2 imported, 0 duplicates skipped').waitFor();
    const groceries = cats.find((c) => c.name === 'Groceries');
    let inGroceries = (await (await page.request.get(`${base}/api/v1/movements?categoryId=${groceries.id}`)).json()).items;
    assert.deepEqual(
      inGroceries.map((m) => m.description),
      ['COMPRA MERCADONA 0042'],
    );

    // Apply to what exists: the preview names the old one; apply; undo.
    await page.goto(`${base}/categories/rules`);
    await page.getByRole('button', { name: 'Actions: Mercadona' }).click();
    await page.getByRole('menuitem', { name: 'Apply to existing movements…' }).click();
    const apply = page.getByRole('dialog', { name: /^Apply “Mercadona”/ });
    await apply.getByText('1 movement will change. The first ones:').waitFor();
    await apply.getByText('MERCADONA VALENCIA').waitFor();
    await apply.getByRole('button', { name: 'Change 1 movement' }).click();
    await page.getByText('1 movement changed').waitFor();
    inGroceries = (await (await page.request.get(`${base}/api/v1/movements?categoryId=${groceries.id}`)).json()).items;
    assert.equal(inGroceries.length, 2);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Undone: 1 movement is back as it was').waitFor();
    inGroceries = (await (await page.request.get(`${base}/api/v1/movements?categoryId=${groceries.id}`)).json()).items;
    assert.equal(inGroceries.length, 1);
  } finally {
    await ctx.close();
  }
});
