// Personal API tokens end to end, in Chromium against the real binary: a user
// makes a read-only token on the profile and reads its secret from the page;
// from here (no browser, no cookie) the token reads the API and is refused a
// write; revoked on the profile, it stops working; the security activity
// tells all of it. axe scans the profile and the dialogs; screenshots of the
// tokens section and of the secret, dark on a phone and light on a desktop,
// go to /tmp/shots for a person to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launch, startServer } from './server.mjs';
import { axeClean, englishUser, noSideScroll, settled, themedContext } from './checks.mjs';

const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 800 };
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

const context = (theme, viewport) => themedContext(browser, theme, viewport);

const newUser = (page, email, theme) => englishUser(page, srv.base, email, theme);

/** The profile's "New token" dialog, open at its form. */
async function openNewToken(page) {
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New token' });
  const name = dialog.getByRole('textbox', { name: /^Name/ });
  await name.waitFor();
  return { section, dialog, name };
}

/** Fills the form (a name, and optionally read and write and another expiry), creates the token and answers its secret as the page shows it. */
async function createToken(page, dialog, name, { write = false, expiry } = {}) {
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  if (write) await dialog.getByRole('radio', { name: /^Read and write/ }).check();
  if (expiry) {
    await dialog.getByRole('combobox', { name: 'Expiry' }).click();
    await page.getByRole('option', { name: expiry }).click();
  }
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const field = dialog.getByRole('textbox', { name: 'Your new token' });
  await field.waitFor();
  return field.inputValue();
}

/** The API as a script calls it: no browser, no cookie, the token in the Authorization header. */
function call(secret, path, init = {}) {
  return fetch(`${srv.base}${path}`, { ...init, headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', ...init.headers } });
}

test('a read-only token made on the profile reads the API, is refused a write, and stops working once revoked', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  await newUser(page, 'script.user@example.com', 'LIGHT_MODE');
  await page.goto(`${srv.base}/profile`);
  const { section, dialog, name } = await openNewToken(page);
  await section.getByText('No tokens yet.').waitFor();
  assert.ok(await name.evaluate((el) => el === document.activeElement), 'the name field has the focus');
  assert.ok(await dialog.getByRole('radio', { name: /^Read only/ }).isChecked(), 'read only by default');
  assert.equal(await dialog.getByRole('combobox', { name: 'Expiry' }).inputValue(), 'In 90 days');

  const secret = await createToken(page, dialog, 'Nightly export');
  assert.match(secret, /^cc_[A-Za-z0-9_-]{40,}$/);
  await dialog.getByText('This is the only time the token is shown', { exact: false }).waitFor();
  await dialog.getByText(`curl -H "Authorization: Bearer ${secret}" ${srv.base}/api/v1/accounts`).waitFor();

  // The token reads: the welcome's cash account is there.
  let r = await call(secret, '/api/v1/accounts');
  assert.equal(r.status, 200, await r.clone().text());
  assert.ok((await r.json()).items.length >= 1);
  // It may not write.
  r = await call(secret, '/api/v1/accounts', {
    method: 'POST',
    body: JSON.stringify({ name: 'Not allowed', type: 'cash', currency: 'EUR', openingBalance: 0 }),
  });
  assert.equal(r.status, 403);
  assert.equal((await r.json()).code, 'token_scope');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = section.getByRole('listitem').filter({ hasText: 'Nightly export' });
  await row.getByText('Read only', { exact: true }).waitFor();
  const text = await row.textContent();
  assert.ok(text.includes(`cc_…${secret.slice(-4)}`), text);
  assert.ok(text.includes('Expires on'), text);
  assert.ok(!(await page.content()).includes(secret), 'the secret is gone from the page once Done');
  // It was used a moment ago (from here).
  await page.reload();
  await row.getByText(/Last used just now/).waitFor();

  await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
  const ask = page.getByRole('dialog', { name: 'Revoke API token' });
  await ask.getByText('“Nightly export” will stop working at once', { exact: false }).waitFor();
  await ask.getByRole('button', { name: 'Revoke' }).click();
  await ask.waitFor({ state: 'detached' });
  await section.getByText('No tokens yet.').waitFor();
  r = await call(secret, '/api/v1/accounts');
  assert.equal(r.status, 401);
  assert.equal((await r.json()).code, 'unauthorized');

  const activity = page.getByRole('region', { name: 'Recent security activity' });
  await activity.getByText('Revoked API token “Nightly export”').waitFor();
  await activity.getByText('API token “Nightly export” used').waitFor();
  await activity.getByText('Created API token “Nightly export”').waitFor();
  await ctx.close();
});

for (const [theme, device, viewport] of [
  ['DARK_MODE', 'phone', PHONE],
  ['LIGHT_MODE', 'desktop', DESKTOP],
]) {
  test(`the tokens section and its dialogs in ${theme} on a ${device}: no accessibility violations, nothing off the side, screenshots`, async () => {
    const ctx = await context(theme, viewport);
    const page = await ctx.newPage();
    await newUser(page, `tokens-${device}@example.com`, theme);
    await page.goto(`${srv.base}/profile`);
    const section = page.getByRole('region', { name: 'API tokens' });
    await section.getByText('No tokens yet.').waitFor();

    const { dialog } = await openNewToken(page);
    await axeClean(page, `${theme} ${device} new token dialog`);
    await noSideScroll(page, `${theme} ${device} new token dialog`);
    await page.screenshot({ path: `${SHOTS}/tokens-new-${device}-${theme.toLowerCase()}.png` });

    const secret = await createToken(page, dialog, 'Monthly spreadsheet', {
      write: device === 'desktop',
      expiry: device === 'desktop' ? 'In 1 year' : undefined,
    });
    await dialog.getByRole('heading', { name: 'Copy your new token' }).waitFor();
    await axeClean(page, `${theme} ${device} the new token's secret`);
    await noSideScroll(page, `${theme} ${device} the new token's secret`);
    // The secret and the command wrap inside the dialog.
    for (const el of [dialog.getByRole('textbox', { name: 'Your new token' }), dialog.getByText(`Bearer ${secret}`, { exact: false })]) {
      const over = await el.evaluate((e) => e.scrollWidth - e.clientWidth);
      assert.ok(over <= 0, `${theme} ${device}: a line of the secret runs ${over}px past its box`);
    }
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/tokens-secret-${device}-${theme.toLowerCase()}.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Used once, so the list says when.
    assert.equal((await call(secret, '/api/v1/accounts')).status, 200);
    await page.reload();
    await section.getByText(/Last used just now/).waitFor();
    await axeClean(page, `${theme} ${device} profile with a token`);
    await noSideScroll(page, `${theme} ${device} profile with a token`);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/tokens-section-${device}-${theme.toLowerCase()}.png` });

    await section.getByRole('button', { name: 'Revoke Monthly spreadsheet' }).click();
    await page.getByRole('dialog', { name: 'Revoke API token' }).waitFor();
    await axeClean(page, `${theme} ${device} revoke dialog`);
    await page.keyboard.press('Escape');

    // A name of 100 characters without a space still wraps in the list.
    const long = 'x'.repeat(100);
    const made = await page.request.post(`${srv.base}/api/v1/me/tokens`, { data: { name: long, scope: 'read' } });
    assert.equal(made.status(), 201, await made.text());
    await page.reload();
    await section.getByText(long).waitFor();
    await noSideScroll(page, `${theme} ${device} a token with a long name`);
    await ctx.close();
  });
}
