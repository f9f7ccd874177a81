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

test('splits: a supermarket ticket split in two categories through the form; the list names both; the report counts each line', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'splits@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });

    await page.goto(`${base}/movements`);
    await page.getByRole('button', { name: 'New movement' }).click();
    const form = page.getByRole('dialog', { name: 'New movement' });
    await form.getByRole('textbox', { name: /^Amount/ }).fill('52.30');
    await form.getByRole('textbox', { name: 'Description' }).fill('Supermarket ticket');
    await form.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Food › Groceries' }).click();

    // Split: the category becomes the first line, whose amount has the focus.
    await form.getByRole('button', { name: 'Split', exact: true }).click();
    const lines = form.getByRole('group', { name: 'Split into categories' });
    assert.equal(await lines.getByRole('combobox', { name: /^Category, line 1/ }).inputValue(), 'Food › Groceries');
    await lines.getByText('Remaining to assign: €52.30').waitFor();
    await page.keyboard.type('38.50');
    await lines.getByText('Remaining to assign: €13.80').waitFor();
    await lines.getByRole('combobox', { name: /^Category, line 2/ }).click();
    await page.getByRole('option', { name: 'Health', exact: true }).click();
    await lines.getByRole('textbox', { name: /^Amount, line 2/ }).fill('15');
    await lines.getByRole('textbox', { name: /^Note, line 2/ }).fill('Plasters and aspirin');
    await lines.getByText('Over by €1.20').waitFor();

    // Not saved until the lines add up.
    await form.getByRole('button', { name: 'Save' }).click();
    await lines.getByText('The lines must add up to the amount before saving.').waitFor();
    let list = (await (await page.request.get(`${base}/api/v1/movements`)).json()).items;
    assert.equal(list.length, 0);

    await lines.getByRole('textbox', { name: /^Amount, line 2/ }).fill('13.80');
    await lines.getByText('All assigned').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    list = (await (await page.request.get(`${base}/api/v1/movements`)).json()).items;
    assert.equal(list.length, 1);
    const cats = (await (await page.request.get(`${base}/api/v1/categories`)).json()).items;
    const named = (id) => cats.find((c) => c.id === id)?.name;
    assert.equal(list[0].categoryId, null);
    assert.deepEqual(
      list[0].splits.map((s) => [named(s.categoryId), s.amount, s.note]),
      [
        ['Groceries', 3850, ''],
        ['Health', 1380, 'Plasters and aspirin'],
      ],
    );

    // The list names the lines' categories, not "no category".
    const row = page.getByRole('button', { name: /^Edit: Supermarket ticket/ });
    await row.getByText('Groceries + Health · ').waitFor();

    // Opened again, it shows its lines.
    await row.click();
    const edit = page.getByRole('dialog', { name: 'Edit movement' });
    const again = edit.getByRole('group', { name: 'Split into categories' });
    await again.getByText('All assigned').waitFor();
    assert.equal(await again.getByRole('textbox', { name: /^Amount, line 1/ }).inputValue(), '38.50');
    assert.equal(await again.getByRole('combobox', { name: /^Category, line 2/ }).inputValue(), 'Health');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // The report by category counts each line in its own category (Groceries under Food).
    await page.goto(`${base}/informs`);
    const table = page.getByRole('table', { name: 'By category' });
    await table.getByRole('row', { name: /Food €38\.50 73\.6%$/ }).waitFor();
    await table.getByRole('row', { name: /^Health €13\.80 26\.4%$/ }).waitFor();
    await table.getByRole('button', { name: 'Show subcategories of Food' }).click();
    await table.getByRole('row', { name: /^Groceries €38\.50/ }).waitFor();
    await table.getByRole('row', { name: /^∑ €52\.30/ }).waitFor();
  } finally {
    await ctx.close();
  }
});
