// Households: two people share a ledger. A creates "Casa" and invites B as an
// editor; B opens the link signed out, signs up, comes back to it, accepts and
// adds a movement; A switches to Casa and sees it, then sees B's next one
// appear live; A makes B a viewer, and B's open page turns read-only at once
// while the server refuses B's writes. Rows, the form and Casa's activity say
// who did what.
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

const A_EMAIL = 'ana.house@example.com';
const B_EMAIL = 'bea.house@example.com';

test('households: create a ledger, invite, accept, share movements, switch, and a viewer cannot write', async () => {
  const ctxA = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const ctxB = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const base = srv.base;
  try {
    // A signs up and creates "Casa" on the Ledgers screen (a section of Configuration).
    await signUpViaApi(a, base, A_EMAIL, { name: 'Ana', languagePreference: 'SWITCH_TO_ENGLISH' });
    await a.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    await a.goto(`${base}/config`);
    await a.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'Ledgers' }).click();
    await a.waitForURL(`${base}/config/ledgers`);
    await a.getByRole('button', { name: 'New ledger' }).click();
    const create = a.getByRole('dialog', { name: 'New ledger' });
    await create.getByRole('textbox', { name: /^Name/ }).fill('Casa');
    await create.getByRole('button', { name: 'Create ledger' }).click();
    await a.getByRole('heading', { name: 'Members of Casa' }).waitFor();
    const ledgers = (await (await a.request.get(`${base}/api/v1/ledgers`)).json()).items;
    const casa = ledgers.find((l) => l.name === 'Casa');
    assert.ok(casa && casa.role === 'owner' && !casa.current && !casa.default, JSON.stringify(ledgers));

    // A invites B as an editor and reads the link.
    await a.getByRole('textbox', { name: /^Email/ }).fill(B_EMAIL);
    await a.getByRole('button', { name: 'Invite' }).click();
    const linkBox = a.getByRole('textbox', { name: 'Invitation link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    assert.match(link, /\/invitations\/[\w-]+$/);
    await a.getByText('It works once and expires in 7 days.', { exact: false }).waitFor();
    await a.getByRole('list', { name: 'Pending invitations' }).getByText(B_EMAIL).waitFor();

    // Casa gets an account and a category (through the ledger-addressed paths: Casa is not A's current ledger).
    const account = await (
      await a.request.post(`${base}/api/v1/ledgers/${casa.id}/accounts`, { data: { name: 'Joint account', type: 'bank', currency: 'EUR', openingBalance: 0 } })
    ).json();
    assert.ok(account.id, JSON.stringify(account));
    const cat = await (await a.request.post(`${base}/api/v1/ledgers/${casa.id}/categories`, { data: { name: 'Household', type: 'expense' } })).json();
    assert.ok(cat.id, JSON.stringify(cat));

    // B, signed out on a phone, opens the link: the sign-in page, then back to the invitation after signing up.
    await b.goto(link.replace(/^https?:\/\/[^/]+/, base));
    await b.waitForURL(`${base}/login`);
    await b.getByRole('button', { name: 'New here? Create an account' }).click();
    await b.getByRole('textbox', { name: 'Your name' }).fill('Bea');
    await b.getByRole('textbox', { name: /^Email/ }).fill(B_EMAIL);
    await b.getByLabel(/^Password/).fill('mango-river-42');
    await b.getByRole('button', { name: 'Create account' }).click();
    await b.getByRole('heading', { name: 'Welcome to Cash Control' }).waitFor();
    await b.getByRole('button', { name: 'Continue' }).click();
    await b.getByText('Ana invites you to the ledger “Casa”.').waitFor();
    assert.match(b.url(), /\/invitations\/[\w-]+$/);
    await b.getByText(/Your role: Editor\./).waitFor();
    await b.getByRole('button', { name: 'Accept invitation' }).click();
    await b.waitForURL(`${base}/movements`);
    await b.getByRole('button', { name: /^Current ledger:\s*Casa — Ana$/ }).waitFor();

    // B adds a movement in Casa.
    await b.getByRole('button', { name: /New movement/ }).click();
    const form = b.getByRole('dialog', { name: 'New movement' });
    await form.getByRole('textbox', { name: /^Amount/ }).fill('23.40');
    await form.getByRole('textbox', { name: 'Description' }).fill('Shared groceries');
    await form.getByRole('combobox', { name: /^Category/ }).click();
    await b.getByRole('option', { name: 'Household', exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await b.getByRole('button', { name: /^Edit: Shared groceries/ }).waitFor();

    // A, on the movements of the personal ledger, switches to Casa and sees B's movement without leaving the page.
    // (The live event stream opens a moment after the page: wait for it before the live step below.)
    const streamOpen = a.waitForRequest((r) => r.url().endsWith('/api/v1/events'));
    await a.goto(`${base}/movements`);
    const switcher = a.getByRole('button', { name: /^Current ledger:/ });
    await switcher.waitFor();
    assert.match(await switcher.textContent(), /Personal|Ana/);
    // From the keyboard: Enter opens the menu on the current ledger (the personal one, listed first), the arrow goes to Casa.
    await switcher.focus();
    await a.keyboard.press('Enter');
    const menu = a.getByRole('menu');
    await menu.getByRole('menuitem', { name: /Personal|Ana/ }).waitFor();
    assert.equal(await menu.getByRole('menuitem', { name: /Personal|Ana/ }).getAttribute('aria-current'), 'true');
    await a.keyboard.press('ArrowDown');
    assert.match(await a.evaluate(() => document.activeElement?.textContent ?? ''), /^Casa/);
    await a.keyboard.press('Enter');
    await a.getByRole('button', { name: /^Edit: Shared groceries/ }).waitFor();
    await a.getByRole('button', { name: /^Current ledger:\s*Casa$/ }).waitFor();
    assert.equal(new URL(a.url()).pathname, '/movements');

    // Live: B adds another movement; A's open list shows it without a reload.
    await streamOpen;
    const day = new Date().toISOString().slice(0, 10);
    const added = await b.request.post(`${base}/api/v1/movements`, {
      data: { type: 'expense', date: day, amount: 250, accountId: account.id, categoryId: cat.id, description: 'Live bread' },
    });
    assert.equal(added.status(), 201, await added.text());
    const live = a.getByRole('button', { name: /^Edit: Live bread/ });
    await live.waitFor();

    // In a shared ledger each row says who recorded it, and the form says who and when.
    assert.match(await live.textContent(), /Household · Joint account · by Bea/);
    await a.getByRole('button', { name: /^Edit: Shared groceries/ }).click();
    const edit = a.getByRole('dialog', { name: 'Edit movement' });
    await edit.getByText(/^Added by Bea on \d/).waitFor();
    await a.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // A makes B a viewer.
    await a.goto(`${base}/config/ledgers`);
    const members = a.getByRole('list', { name: 'Members of Casa' });
    await members.getByText(B_EMAIL).waitFor();
    await members.getByRole('combobox', { name: 'Role of Bea' }).click();
    await a.getByRole('option', { name: 'Viewer', exact: true }).click();
    await a.getByText('Bea is now Viewer').waitFor();

    // Casa's activity, newest first: who did what.
    const activity = a.getByRole('region', { name: 'Activity in Casa' });
    await activity.getByText('Ana changed the role of Bea to viewer').waitFor();
    const said = await activity.getByRole('listitem').allTextContents();
    const order = [
      'Ana changed the role of Bea to viewer',
      'Bea added “Live bread”',
      'Bea added “Shared groceries”',
      'Bea joined as editor',
      'Ana added the category “Household”',
      'Ana added the account “Joint account”',
      `Ana invited ${B_EMAIL} as editor`,
    ];
    const at = order.map((s) => said.findIndex((l) => l.includes(s)));
    assert.ok(
      at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1])),
      JSON.stringify(said),
    );

    // B's open page turns read-only without a reload: no New movement, a notice instead; the server refuses a write with 403.
    await b.getByText('You can only view this ledger').waitFor();
    await b.getByRole('heading', { name: 'Movements' }).waitFor();
    await b.getByRole('button', { name: /^View: Shared groceries/ }).waitFor();
    assert.equal(await b.getByRole('button', { name: /New movement/ }).count(), 0);
    assert.equal(await b.getByRole('button', { name: 'Import' }).count(), 0);
    const me = await (await b.request.get(`${base}/api/v1/me`)).json();
    assert.equal(me.ledgerRole, 'viewer');
    const today = new Date().toISOString().slice(0, 10);
    const write = await b.request.post(`${base}/api/v1/movements`, {
      data: { type: 'expense', date: today, amount: 100, accountId: account.id, categoryId: cat.id, description: 'Not allowed' },
    });
    assert.equal(write.status(), 403, await write.text());
    assert.equal((await write.json()).code, 'forbidden');
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
});
