// Passkeys end to end, in Chromium against the real binary, with DevTools'
// virtual authenticator standing in for a fingerprint reader: a user adds a
// passkey on the profile, signs out, signs in with it alone (no email, no
// password), sees its last use and the security activity, renames and
// removes it, and then the passkey no longer signs in. WebAuthn needs a host
// name: this server is CASHCONTROL_BASE_URL=http://localhost:<port>, opened
// there; a second one at the default 127.0.0.1 address says passkeys are not
// available and shows no button. axe scans the profile and the login page;
// screenshots of both, dark on a phone and light on a desktop, go to
// /tmp/shots for a person to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { freePort, launch, signUpViaApi, startServer } from './server.mjs';
import { describeViolations, noSideScroll, settled, themedContext } from './checks.mjs';

const SHOTS = '/tmp/shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FAILED = 'The passkey was not accepted';

let srv; // passkeys on: a host name
let base; // the address it is opened at (not 127.0.0.1: WebAuthn refuses an IP address)
let ipSrv; // passkeys off: the default http://127.0.0.1:<port>
let browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  base = `http://localhost:${port}`;
  [srv, ipSrv, browser] = await Promise.all([startServer({ CASHCONTROL_BASE_URL: base }, port), startServer(), launch()]);
});
after(async () => {
  await browser?.close();
  await Promise.all([srv?.stop(), ipSrv?.stop()]);
});

/** axe on the page, or on within (a CSS selector) only. */
async function scan(page, where, within) {
  await settled(page); // a dialog's or a notification's transition: axe sees the final colours
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

const context = (theme, viewport) => themedContext(browser, theme, viewport);

async function newUser(page, at, email, theme) {
  await signUpViaApi(page, at, email, { languagePreference: 'SWITCH_TO_ENGLISH' });
  await page.request.post(`${at}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
  const r = await page.request.put(`${at}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', themePreference: theme } });
  assert.equal(r.status(), 200, await r.text());
}

/**
 * DevTools' virtual authenticator on the page: a platform authenticator
 * (like a laptop's fingerprint reader) that keeps discoverable credentials,
 * verifies its user and says yes without a touch.
 */
async function authenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

/** Adds a passkey through the profile's dialog (the page is on /profile); answers the section. before: what to do with the dialog open first. */
async function addPasskey(page, name, before = async () => {}) {
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  const field = dialog.getByRole('textbox', { name: /^Name/ });
  await field.waitFor();
  // A first name: this browser on this system.
  assert.equal(await field.inputValue(), 'Chrome on Linux');
  await before();
  await field.fill(name);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
  await section.getByRole('listitem').filter({ hasText: name }).waitFor();
  return section;
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${base}/login`);
  // The address changes first; the page it left shows until the sign-in
  // page has rendered (its own "Email" field, without autocomplete, was read).
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
}

test('a passkey added on the profile signs in alone, shows its last use, is renamed and removed, and then no longer signs in', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  const device = await authenticator(page);
  await newUser(page, base, 'passkey.user@example.com', 'LIGHT_MODE');
  await page.goto(`${base}/profile`);
  let section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByText('No passkeys yet.').waitFor();
  await section.getByText('Sign in with your fingerprint, face or device PIN: no password or code needed.').waitFor();

  section = await addPasskey(page, 'Test laptop');
  let row = section.getByRole('listitem').filter({ hasText: 'Test laptop' });
  await row.getByText(/Added on .* · Never used/).waitFor();
  await page.getByText('Passkey “Test laptop” added').waitFor();
  // The device keeps a discoverable credential for this site.
  const [kept] = await device.credentials();
  assert.equal(kept?.rpId, 'localhost');
  assert.equal(kept?.isResidentCredential, true);

  // Signed out, the passkey alone signs in: no email, no password.
  await signOut(page);
  const email = page.getByRole('textbox', { name: /^Email/ });
  assert.equal(await email.getAttribute('autocomplete'), 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.getByRole('heading', { name: 'Hello, Ana' }).waitFor();
  assert.equal(page.url(), `${base}/`);

  await page.goto(`${base}/profile`);
  row = section.getByRole('listitem').filter({ hasText: 'Test laptop' });
  await row.getByText(/Last used just now/).waitFor();
  const activity = page.getByRole('region', { name: 'Recent security activity' });
  await activity.getByText('Signed in with a passkey').first().waitFor();
  await activity.getByText('Added passkey “Test laptop”').first().waitFor();

  await row.getByRole('button', { name: 'Rename Test laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  const field = rename.getByRole('textbox', { name: /^Name/ });
  assert.equal(await field.inputValue(), 'Test laptop');
  await field.fill('Work laptop');
  await field.press('Enter');
  await rename.waitFor({ state: 'detached' });
  row = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await row.getByText(/Last used just now/).waitFor();

  await row.getByRole('button', { name: 'Remove Work laptop' }).click();
  const ask = page.getByRole('dialog', { name: 'Remove passkey' });
  await ask.getByText('“Work laptop” will no longer sign you in.', { exact: false }).waitFor();
  await ask.getByRole('button', { name: 'Remove' }).click();
  await ask.waitFor({ state: 'detached' });
  await section.getByText('No passkeys yet.').waitFor();
  await activity.getByText('Removed passkey “Work laptop”').waitFor();

  // The device still offers the removed passkey; the server no longer takes it.
  assert.equal((await device.credentials()).length, 1);
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  const alert = page.getByRole('alert');
  await alert.getByText(FAILED, { exact: false }).waitFor();
  assert.equal(page.url(), `${base}/login`);
  await ctx.close();
});

test('at the default 127.0.0.1 address the profile says passkeys are not available, and the login page has no passkey button', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  await newUser(page, ipSrv.base, 'no.passkeys@example.com', 'LIGHT_MODE');
  await page.goto(`${ipSrv.base}/profile`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByText('Passkeys are not available at this address', { exact: false }).waitFor();
  assert.equal(await section.getByRole('button').count(), 0);
  await section.screenshot({ path: `${SHOTS}/passkeys-unavailable-desktop-light_mode.png` });
  // Its API says the same.
  const r = await page.request.post(`${ipSrv.base}/api/v1/me/passkeys/options`);
  assert.equal(r.status(), 409);
  assert.equal((await r.json()).code, 'passkeys_unavailable');

  await ctx.close();

  // Signed out (a new browser, without the service worker, whose answers
  // page.route would not see): the server's meta, said to close sign-ups
  // too, so that the sign-up link going away shows that the page has drawn
  // meta's answer (the passkey button would come in the same render).
  const out = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
  const login = await out.newPage();
  await login.route('**/api/v1/meta', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), signupEnabled: false } });
  });
  const meta = login.waitForResponse((res) => res.url().endsWith('/api/v1/meta'));
  await login.goto(`${ipSrv.base}/login`);
  assert.equal((await (await meta).json()).passkeys, false);
  await login.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await login.getByRole('button', { name: 'New here? Create an account' }).waitFor({ state: 'detached' });
  assert.equal(await login.getByRole('button', { name: 'Sign in with a passkey' }).count(), 0);
  await out.close();
});

for (const [theme, kind, viewport] of [
  ['DARK_MODE', 'phone', PHONE],
  ['LIGHT_MODE', 'desktop', DESKTOP],
]) {
  test(`the passkeys section and the login page's passkey button in ${theme} on a ${kind}: no accessibility violations, nothing off the side, screenshots`, async () => {
    const ctx = await context(theme, viewport);
    const page = await ctx.newPage();
    await authenticator(page);
    await newUser(page, base, `passkeys-${kind}@example.com`, theme);
    await page.goto(`${base}/profile`);
    await page.getByRole('region', { name: 'Passkeys' }).getByText('No passkeys yet.').waitFor();
    const section = await addPasskey(page, 'Test laptop', async () => {
      await scan(page, `${theme} ${kind} add dialog`, '[role="dialog"]');
      await page.screenshot({ path: `${SHOTS}/passkeys-add-${kind}-${theme.toLowerCase()}.png` });
    });
    await scan(page, `${theme} ${kind} profile with a passkey`);
    await noSideScroll(page, `${theme} ${kind} profile with a passkey`);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/passkeys-section-${kind}-${theme.toLowerCase()}.png` });

    await page.request.post(`${base}/api/v1/auth/logout`);
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await scan(page, `${theme} ${kind} login page with the passkey button`);
    await noSideScroll(page, `${theme} ${kind} login page`);
    await page.screenshot({ path: `${SHOTS}/passkeys-login-${kind}-${theme.toLowerCase()}.png` });
    await ctx.close();
  });
}
