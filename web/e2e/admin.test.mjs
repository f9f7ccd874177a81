// The administration end to end, in Chromium against the real binary: the
// first account is the administrator; on Configuration → Administration it
// lists the users, switches sign-ups off and on (the login page follows),
// disables a user (whose sign-in then answers 403 account_disabled) and
// enables them again, and makes a password-reset link that a signed-out
// browser opens to set a new password and sign in with it. A server without
// email says on the login page to ask the administrator. A user who is not an
// administrator sees no Administration tab. The server backs up into a
// temporary folder: "Back up now" adds a backup to the list. axe scans
// /config/admin and /login/reset; screenshots, dark on a phone and light on a desktop, go to
// /tmp/shots for a person to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, signUpViaApi, startServer } from './server.mjs';
import { axeClean, describeViolations, noSideScroll, settled, themedContext } from './checks.mjs';

const ADMIN = 'ana.admin@example.com';
const USER = 'bea.user@example.com';
const PASSWORD = 'mango-river-42'; // signUpViaApi's
const NEW_PASSWORD = 'copper-lantern-58';
const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let srv;
let browser;
let backups;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  backups = mkdtempSync(join(tmpdir(), 'cc-e2e-backups-'));
  // No CASHCONTROL_SMTP_URL: the server sends no email.
  srv = await startServer({ CASHCONTROL_BACKUP_DIR: backups });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
  if (backups) rmSync(backups, { recursive: true, force: true });
});

async function shot(page, name) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const context = (theme, viewport) => themedContext(browser, theme, viewport);

/** Signs up (the first account is the administrator) and past the welcome, in English. */
async function newUser(page, email, name) {
  await signUpViaApi(page, srv.base, email, { name, languagePreference: 'SWITCH_TO_ENGLISH' });
  const r = await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
  assert.equal(r.status(), 200, await r.text());
}

/** Signs in through the API (the cookie lands in the page's context) and sets the theme. */
async function signIn(page, email, theme = 'LIGHT_MODE', password = PASSWORD) {
  const r = await page.request.post(`${srv.base}/api/v1/auth/login`, { data: { email, password } });
  assert.equal(r.status(), 200, await r.text());
  const s = await page.request.put(`${srv.base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', themePreference: theme } });
  assert.equal(s.status(), 200, await s.text());
}

/** What a sign-in with this password answers: status and problem code. */
async function tryLogin(email, password) {
  const r = await fetch(`${srv.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await r.json().catch(() => ({}));
  return { status: r.status, code: body.code };
}

async function meta() {
  return (await fetch(`${srv.base}/api/v1/meta`)).json();
}

async function actions(page, name) {
  await page.getByRole('button', { name: `Actions: ${name}` }).click();
  return page.getByRole('menu');
}

/** The administrator's page, its users listed. */
async function openAdmin(page) {
  await page.goto(`${srv.base}/config/admin`);
  await page
    .getByRole('table', { name: 'Users' })
    .or(page.getByRole('list', { name: 'Users' }))
    .waitFor();
  await page.getByRole('switch', { name: 'Allow new accounts' }).waitFor();
  await page.getByText('Account created').first().waitFor(); // the security activity has loaded
}

test('the first account administers: users, sign-ups, disable and enable, and a password-reset link that works once', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  const other = await browser.newContext({ locale: 'en-GB' });
  try {
    await newUser(page, ADMIN, 'Ana');
    const me = await (await page.request.get(`${srv.base}/api/v1/me`)).json();
    assert.equal(me.rol, 'Administrador', 'the first account is the administrator');
    const bea = await other.newPage();
    await newUser(bea, USER, 'Bea');

    // Configuration → Administration lists both users.
    await page.goto(`${srv.base}/config`);
    await page.getByRole('navigation', { name: 'Configuration sections' }).getByRole('link', { name: 'Administration' }).click();
    await page.waitForURL(`${srv.base}/config/admin`);
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByText(USER).waitFor();
    await users.getByText(ADMIN).waitFor();
    const anaRow = users.getByRole('row').filter({ hasText: ADMIN });
    await anaRow.getByText('You', { exact: true }).waitFor();
    await anaRow.getByText('Administrator', { exact: true }).waitFor();
    await users.getByRole('row').filter({ hasText: USER }).getByText('Email and password').waitFor();

    // Sign-ups off: meta says so, and the login page has no sign-up link; then on again.
    const signups = page.getByRole('switch', { name: 'Allow new accounts' });
    assert.equal(await signups.isChecked(), true);
    assert.equal((await meta()).signupEnabled, true);
    const toggle = page.locator('label', { hasText: 'Allow new accounts' }); // Mantine draws the switch over its input
    await toggle.click();
    await page.getByText('New accounts are not allowed').waitFor();
    assert.equal(await signups.isChecked(), false);
    assert.equal((await meta()).signupEnabled, false);
    const guest = await browser.newContext({ locale: 'en-GB' });
    const login = await guest.newPage();
    // The page draws the link until meta answers (an idle network did not
    // say it had: on a busy machine the page asked after 500 ms without
    // requests), so wait for that answer, then for the link to go.
    const metaAnswered = login.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/meta');
    await login.goto(`${srv.base}/login`);
    await login.getByRole('heading', { name: 'Take control of your money' }).waitFor();
    assert.equal((await (await metaAnswered).json()).signupEnabled, false);
    await login.getByRole('button', { name: 'New here? Create an account' }).waitFor({ state: 'detached' });
    const refused = await fetch(`${srv.base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.com', password: PASSWORD, name: 'Late' }),
    });
    assert.equal(refused.status, 403);
    await toggle.click();
    await page.getByText('New accounts are allowed').waitFor();
    assert.equal((await meta()).signupEnabled, true);
    await login.reload();
    await login.getByRole('button', { name: 'New here? Create an account' }).waitFor();

    // Disable Bea: a question first, then her session ends and her sign-in is refused.
    await (await actions(page, 'Bea')).getByRole('menuitem', { name: 'Disable' }).click();
    const ask = page.getByRole('dialog', { name: 'Disable Bea?' });
    await ask.getByText('is signed out everywhere at once', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Disable' }).click();
    await ask.waitFor({ state: 'detached' });
    const beaRow = users.getByRole('row').filter({ hasText: USER });
    await beaRow.getByText('Disabled', { exact: true }).waitFor();
    assert.deepEqual(await tryLogin(USER, PASSWORD), { status: 403, code: 'account_disabled' });
    assert.equal((await tryLogin(USER, 'not-her-password')).status, 401, 'a wrong password is still 401');
    assert.equal((await bea.request.get(`${srv.base}/api/v1/me`)).status(), 401, 'her session ended');
    // The login page says why, in words.
    await login.getByLabel('Email').fill(USER);
    await login.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByText('This account is disabled. Ask an administrator to enable it again.').waitFor();
    // The administrator's own row cannot be disabled.
    const own = await actions(page, 'Ana');
    assert.equal(await own.getByRole('menuitem', { name: 'Disable' }).isDisabled(), true);
    assert.equal(await own.getByRole('menuitem', { name: 'Remove administrator' }).isDisabled(), true);
    await page.keyboard.press('Escape');
    await own.waitFor({ state: 'hidden' });

    // Enable her again.
    await (await actions(page, 'Bea')).getByRole('menuitem', { name: 'Enable' }).click();
    await page.getByText('Bea is enabled again').waitFor();
    await beaRow.getByText('Disabled', { exact: true }).waitFor({ state: 'detached' });
    assert.equal((await tryLogin(USER, PASSWORD)).status, 200);
    await page.getByRole('table', { name: 'Security activity' }).getByText(`Account disabled by ${ADMIN}`).waitFor();

    // A password-reset link, read from its dialog.
    await (await actions(page, 'Bea')).getByRole('menuitem', { name: 'Password-reset link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password-reset link' });
    const box = dialog.getByRole('textbox', { name: 'Reset link' });
    await box.waitFor();
    const link = await box.inputValue();
    assert.match(link, /^https?:\/\/[^/]+\/login\/reset\?token=[\w-]+$/);
    await dialog.getByText('It works once', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Signed out, Bea opens it, sets a new password and signs in with it.
    const reset = await browser.newContext({ locale: 'en-GB' });
    const r = await reset.newPage();
    await r.goto(link.replace(/^https?:\/\/[^/]+/, srv.base));
    await r.getByText(`Choose a new password for ${USER}.`).waitFor();
    await r.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await r.getByRole('button', { name: 'Set the new password' }).click();
    await r.getByRole('heading', { name: 'Your password is set' }).waitFor();
    await r.getByRole('button', { name: 'Sign in' }).click();
    await r.waitForURL(`${srv.base}/login`);
    await r.getByLabel('Email').fill(USER);
    await r.getByRole('textbox', { name: /^Password/ }).fill(NEW_PASSWORD);
    await r.getByRole('button', { name: 'Sign in' }).click();
    await r.getByRole('heading', { name: 'Hello, Bea' }).waitFor();
    assert.equal((await tryLogin(USER, PASSWORD)).status, 401, 'the old password no longer works');
    // Her own activity tells what the administrator did, in the second person.
    await r.goto(`${srv.base}/profile`);
    await r.getByText(`An administrator (${ADMIN}) disabled your account`).waitFor();
    await r.getByText(`An administrator (${ADMIN}) made a password-reset link for you`).waitFor();
    await r.getByText('Password set with a reset link').first().waitFor();
    // The link worked once.
    const again = await browser.newContext({ locale: 'en-GB' });
    const used = await again.newPage();
    await used.goto(link.replace(/^https?:\/\/[^/]+/, srv.base));
    await used.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await again.close();
    await reset.close();

    // Without email on the server, "Forgot your password?" says to ask the administrator.
    assert.equal((await meta()).passwordResetByEmail, false);
    await login.reload();
    await login.getByRole('button', { name: 'Forgot your password?' }).click();
    await login.getByText('This server does not send email. Ask your administrator for a password-reset link', { exact: false }).waitFor();
    assert.equal(await login.getByRole('button', { name: 'Send the link' }).count(), 0);
    await login.getByRole('button', { name: 'Back to sign in' }).click();
    await login.getByRole('button', { name: 'Sign in' }).waitFor();
    await guest.close();
  } finally {
    await other.close();
    await ctx.close();
  }
});

test('a user who is not an administrator has no Administration tab, and its address says so', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  try {
    await signIn(page, USER, 'LIGHT_MODE', NEW_PASSWORD);
    await page.goto(`${srv.base}/config`);
    const nav = page.getByRole('navigation', { name: 'Configuration sections' });
    await nav.getByRole('link', { name: 'Ledgers' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Administration' }).count(), 0);
    await page.goto(`${srv.base}/config/admin`);
    await page.getByText('Only administrators can open the administration.').waitFor();
    assert.equal((await page.request.get(`${srv.base}/api/v1/admin/users`)).status(), 403);
  } finally {
    await ctx.close();
  }
});

test('Back up now writes a backup into the server’s folder, and the list shows it', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  try {
    await signIn(page, ADMIN);
    await page.goto(`${srv.base}/config/admin`);
    const section = page.getByRole('region', { name: 'Backups' });
    await section.getByText(backups, { exact: true }).waitFor(); // the folder
    const rows = section.getByRole('table', { name: 'Last backups' }).getByRole('row');
    await rows.nth(1).waitFor(); // a server that starts in a period nobody backed up takes its backup at once
    const before = await rows.count();
    await section.getByRole('button', { name: 'Back up now' }).click();
    const done = page.getByText(/^Backup written: cashcontrol-[\d.-]+\.zip$/);
    await done.waitFor();
    const file = (await done.textContent()).replace('Backup written: ', '');
    assert.ok(existsSync(join(backups, file)), `${file} is in the folder`);
    await rows.filter({ hasText: file }).getByText('Written').waitFor();
    assert.equal(await rows.count(), before + 1);
    const id = await section.getAttribute('aria-labelledby');
    const { violations } = await new AxeBuilder({ page }).include(`section[aria-labelledby="${id}"]`).analyze();
    assert.equal(violations.length, 0, `the backups section:\n${describeViolations(violations)}`);
  } finally {
    await ctx.close();
  }
});

/** A third user, disabled, so that the scans and the screenshots show the Disabled badge (made once). */
let disabled = false;
async function disabledUser(page) {
  if (disabled) return;
  const ctx = await browser.newContext();
  const cy = await ctx.newPage();
  await newUser(cy, 'cy.disabled.user.with.a.long.address@example.com', 'Cyrano de Bergerac-Montesquieu');
  const id = (await (await cy.request.get(`${srv.base}/api/v1/me`)).json()).uid;
  await ctx.close();
  const r = await page.request.patch(`${srv.base}/api/v1/admin/users/${id}`, { data: { disabled: true } });
  assert.equal(r.status(), 200, await r.text());
  disabled = true;
}

for (const [theme, device, viewport] of [
  ['DARK_MODE', 'phone', PHONE],
  ['LIGHT_MODE', 'desktop', DESKTOP],
]) {
  const size = `${viewport.width}x${viewport.height}`;
  const scheme = theme === 'DARK_MODE' ? 'dark' : 'light';
  test(`/config/admin and /login/reset in ${theme} on a ${device}: no accessibility violations, nothing off the side`, async () => {
    const ctx = await context(theme, viewport);
    const page = await ctx.newPage();
    const guest = await context(theme, viewport);
    const g = await guest.newPage();
    try {
      await signIn(page, ADMIN, theme);
      await disabledUser(page);
      await openAdmin(page);
      await page.getByText('Disabled', { exact: true }).first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme), scheme);
      if (device === 'phone') await page.getByRole('list', { name: 'Users' }).waitFor();
      await noSideScroll(page, `${theme} /config/admin`);
      await axeClean(page, `${theme} ${device} /config/admin`);
      await shot(page, `admin-${scheme}-${size}`);
      await page.getByRole('heading', { name: 'Security activity' }).scrollIntoViewIfNeeded();
      await shot(page, `admin-activity-${scheme}-${size}`);

      // The administrator's own actions (two of them disabled, and why), the question before disabling, and a reset link's dialog.
      await actions(page, 'Ana');
      await page.getByText('You cannot disable your own account', { exact: false }).waitFor();
      await settled(page);
      await axeClean(page, `${theme} ${device} the administrator's own actions`);
      await shot(page, `admin-menu-${scheme}-${size}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await (await actions(page, 'Bea')).getByRole('menuitem', { name: 'Disable' }).click();
      await page.getByRole('dialog', { name: 'Disable Bea?' }).waitFor();
      await settled(page);
      await axeClean(page, `${theme} ${device} disable question`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await (await actions(page, 'Bea')).getByRole('menuitem', { name: 'Password-reset link' }).click();
      const box = page.getByRole('dialog', { name: 'Password-reset link' }).getByRole('textbox', { name: 'Reset link' });
      await box.waitFor();
      const link = await box.inputValue();
      await settled(page);
      await noSideScroll(page, `${theme} reset link dialog`);
      await axeClean(page, `${theme} ${device} reset link dialog`);
      await shot(page, `admin-link-${scheme}-${size}`);

      // Its page, signed out: the form, a field's error, then a link that does not work.
      await g.goto(link.replace(/^https?:\/\/[^/]+/, srv.base));
      await g.getByText(`Choose a new password for ${USER}.`).waitFor();
      assert.equal(await g.evaluate(() => document.documentElement.dataset.mantineColorScheme), scheme);
      await noSideScroll(g, `${theme} /login/reset`);
      await axeClean(g, `${theme} ${device} /login/reset`);
      await shot(g, `reset-${scheme}-${size}`);
      await g.getByRole('button', { name: 'Set the new password' }).click();
      await g.getByText('Required').waitFor();
      await axeClean(g, `${theme} ${device} /login/reset with an error`);
      await g.goto(`${srv.base}/login/reset?token=no-such-token`);
      await g.getByRole('heading', { name: 'This link does not work' }).waitFor();
      await axeClean(g, `${theme} ${device} /login/reset, a link that does not work`);
      await shot(g, `reset-invalid-${scheme}-${size}`);

      // The login page's "forgot password" view.
      await g.goto(`${srv.base}/login`);
      await shot(g, `login-${scheme}-${size}`);
      await g.getByRole('button', { name: 'Forgot your password?' }).click();
      await g.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await axeClean(g, `${theme} ${device} forgot password`);
      await shot(g, `forgot-${scheme}-${size}`);
    } finally {
      await guest.close();
      await ctx.close();
    }
  });
}
