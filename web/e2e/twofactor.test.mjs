// Two-step verification end to end, in Chromium against the real binary: a
// user turns it on from the profile (the code computed here from the key the
// page shows, RFC 6238), saves the recovery codes, signs in with a code and
// with a recovery code (which works once), and reads it all in the security
// activity. axe scans the profile and the code step; screenshots of the QR
// step and the code step, light on a desktop and dark on a phone, go to
// /tmp/shots for a person to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, startServer } from './server.mjs';
import { describeViolations, englishUser, noSideScroll, settled, themedContext } from './checks.mjs';

const EMAIL = 'two.steps@example.com';
const PASSWORD = 'mango-river-42'; // signUpViaApi's
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

/** RFC 4648 base32 (no padding needed) to bytes. */
function base32(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const out = [];
  let bits = 0;
  let value = 0;
  for (const ch of s.replace(/[\s=]/g, '').toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = ((value << 5) | i) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238: HMAC-SHA-1 of the 30-second step, 6 digits. */
function totp(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const h = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = h[h.length - 1] & 0xf;
  return String((h.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Per key, the last step whose code was sent. */
const lastStep = new Map();

/**
 * A code the server has not seen yet. The server takes the code of the step
 * before or after now's, each step's once and in order: the next unused step,
 * when it is now's or the one after (valid until the end of the step after
 * it). A test asks for two codes of a key at most, so it never has to wait
 * for the clock: a third one within the same 30 s is a mistake of the test.
 */
function freshCode(secret) {
  const step = Math.floor(Date.now() / 30_000);
  const next = Math.max(step, (lastStep.get(secret) ?? -1) + 1);
  assert.ok(next <= step + 1, 'a third code of one key within 30 s: the server would not take it yet');
  lastStep.set(secret, next);
  return totp(secret, next);
}

async function scan(page, where) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

async function shot(page, name) {
  await settled(page); // the dialog's transition
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const context = (theme, viewport) => themedContext(browser, theme, viewport);

const newUser = (page, email, theme) => englishUser(page, srv.base, email, theme);

/** The profile's "Turn on" dialog at its QR step; answers the dialog and the key it shows. */
async function openQrStep(page) {
  await page.goto(`${srv.base}/profile`);
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByText('Off', { exact: true }).waitFor();
  await section.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step verification' });
  const password = dialog.getByLabel('Current password');
  await password.waitFor();
  assert.ok(await password.evaluate((el) => el === document.activeElement), 'the password field has the focus');
  await password.fill(PASSWORD);
  await password.press('Enter');
  await dialog.getByRole('img', { name: 'QR code that adds Cash Control to your authenticator app' }).waitFor();
  // The whole key (its two halves are shorter).
  const key = await dialog.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4}){4,}$/).textContent();
  return { dialog, secret: key.replace(/\s/g, '') };
}

async function signInWithPassword(page, email = EMAIL) {
  await page.goto(`${srv.base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${srv.base}/login`);
}

const signedIn = (page) => page.getByRole('heading', { name: 'Hello, Ana' }).waitFor();

test('the TOTP of this test is RFC 6238’s', () => {
  // RFC 6238 appendix B, SHA-1: the key "12345678901234567890" (in base32 below) at T = 59 s gives 94287082 in 8 digits.
  assert.equal(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1), '287082');
  assert.equal(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', Math.floor(1111111109 / 30)), '081804');
});

// What the next tests share: the user's key and the recovery codes the page showed.
let secret;
let codes;

test('turns two-step verification on from the profile and shows the recovery codes once', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  try {
    await newUser(page, EMAIL, 'LIGHT_MODE');
    const qr = await openQrStep(page);
    secret = qr.secret;
    const { dialog } = qr;
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    assert.ok(await dialog.getByRole('textbox', { name: '6-digit code' }).evaluate((el) => el === document.activeElement), 'the code field has the focus');
    await shot(page, 'profile-2fa-qr-light-1280x800');
    await scan(page, 'light desktop QR step');

    await dialog.getByRole('textbox', { name: '6-digit code' }).fill(freshCode(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const list = dialog.getByRole('list', { name: 'Save your recovery codes' });
    await list.waitFor();
    codes = await list.getByRole('listitem').allTextContents();
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);
    await dialog.getByText('These codes are shown only once', { exact: false }).waitFor();
    await shot(page, 'profile-2fa-codes-light-1280x800');
    await scan(page, 'light desktop recovery codes');
    // Download gives a .txt with every code.
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    assert.equal(download.suggestedFilename(), 'cash-control-recovery-codes.txt');
    const text = readFileSync(await download.path(), 'utf8');
    for (const c of codes) assert.ok(text.includes(`${c}\n`), `the file holds ${c}`);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await section.getByText('On', { exact: true }).waitFor();
    await section.getByText('10 recovery codes left').waitFor();
    await section.getByText(/^On since /).waitFor();
    const me = await (await page.request.get(`${srv.base}/api/v1/me`)).json();
    assert.equal(me.twoFactor, true, 'GET /api/v1/me says twoFactor');
    await page.getByRole('region', { name: 'Recent security activity' }).getByText('Two-step verification turned on').waitFor();
    await scan(page, 'light desktop profile with two-step verification on');
    await shot(page, 'profile-2fa-on-light-1280x800');
    await signOut(page);
  } finally {
    await ctx.close();
  }
});

// The server counts every password and code it checks against the account (10 at once, then one every 20 s):
// these tests spend few on this user; the phone's user tries the rest (the 202 itself, Back).
test('signs in with the password, then the authenticator’s code', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  try {
    await signInWithPassword(page);
    const code = page.getByRole('textbox', { name: '6-digit code' });
    assert.ok(await code.evaluate((el) => el === document.activeElement), 'the code field has the focus');
    assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
    assert.equal(await code.getAttribute('inputmode'), 'numeric');
    await shot(page, 'login-code-step-light-1280x800');
    await scan(page, 'light desktop code step');
    await code.fill(freshCode(secret));
    await code.press('Enter');
    await signedIn(page);
    assert.equal(new URL(page.url()).pathname, '/');
    await signOut(page);
  } finally {
    await ctx.close();
  }
});

test('signs in with a recovery code, which works once', async () => {
  const ctx = await context('LIGHT_MODE', DESKTOP);
  const page = await ctx.newPage();
  try {
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const recovery = page.getByRole('textbox', { name: 'Recovery code' });
    assert.ok(await recovery.evaluate((el) => el === document.activeElement), 'the recovery field has the focus');
    await recovery.fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await signOut(page);

    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is wrong or was already used').waitFor();
    // The step stays, and another code signs in.
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[1]);
    await page.getByRole('textbox', { name: 'Recovery code' }).press('Enter');
    await signedIn(page);

    await page.goto(`${srv.base}/profile`);
    await page.getByRole('region', { name: 'Two-step verification' }).getByText('8 recovery codes left').waitFor();
    const activity = page.getByRole('region', { name: 'Recent security activity' });
    for (const what of [
      'Signed in with password and a recovery code',
      'Signed in with password and authenticator code',
      'Two-step verification turned on',
      'Failed sign-in: wrong two-step code',
      'Account created',
    ]) {
      await activity.getByText(what).first().waitFor();
    }
    await activity.getByText('Chrome on Linux').first().waitFor();
    await scan(page, 'light desktop profile after sign-ins');
    await activity.scrollIntoViewIfNeeded();
    await shot(page, 'profile-activity-light-1280x800');
  } finally {
    await ctx.close();
  }
});

test('on a phone in the dark theme: turning on, the code step, Back and the profile fit and pass axe', async () => {
  const phone = 'phone@example.com';
  const ctx = await context('DARK_MODE', PHONE);
  const page = await ctx.newPage();
  try {
    await newUser(page, phone, 'DARK_MODE');
    const { dialog, secret: key } = await openQrStep(page);
    assert.equal(await page.getAttribute('html', 'data-mantine-color-scheme'), 'dark');
    await noSideScroll(page, 'phone QR step');
    await shot(page, 'profile-2fa-qr-dark-390x844');
    await scan(page, 'dark phone QR step');
    await dialog.getByRole('textbox', { name: '6-digit code' }).fill(freshCode(key));
    await dialog.getByRole('textbox', { name: '6-digit code' }).press('Enter');
    const list = dialog.getByRole('list', { name: 'Save your recovery codes' });
    await list.waitFor();
    const recovery = await list.getByRole('listitem').allTextContents();
    await noSideScroll(page, 'phone recovery codes');
    await shot(page, 'profile-2fa-codes-dark-390x844');
    await scan(page, 'dark phone recovery codes');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.request.post(`${srv.base}/api/v1/auth/logout`);

    // The password alone opens no session: 202 and a second step to take.
    const r = await page.request.post(`${srv.base}/api/v1/auth/login`, { data: { email: phone, password: PASSWORD } });
    assert.equal(r.status(), 202);
    assert.deepEqual(await r.json(), { twoFactorRequired: true });
    assert.equal((await page.request.get(`${srv.base}/api/v1/me`)).status(), 401);

    await signInWithPassword(page, phone);
    assert.equal(await page.getAttribute('html', 'data-mantine-color-scheme'), 'dark');
    await noSideScroll(page, 'phone code step');
    await shot(page, 'login-code-step-dark-390x844');
    await scan(page, 'dark phone code step');
    // Back: the email stays, the password takes the focus.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Take control of your money' }).waitFor();
    assert.equal(await page.getByLabel('Email').inputValue(), phone);
    const password = page.getByRole('textbox', { name: /^Password/ });
    assert.ok(await password.evaluate((el) => el === document.activeElement), 'the password field has the focus');
    await password.fill(PASSWORD);
    await password.press('Enter');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);

    await page.goto(`${srv.base}/profile`);
    const activity = page.getByRole('region', { name: 'Recent security activity' });
    await activity.getByText('Signed in with password and a recovery code').first().waitFor();
    assert.equal(await activity.getByRole('table').count(), 0, 'a phone shows a list, not a table');
    await page.getByRole('region', { name: 'Two-step verification' }).getByText('9 recovery codes left').waitFor();
    await noSideScroll(page, 'phone profile');
    await scan(page, 'dark phone profile');
    await page.getByRole('region', { name: 'Two-step verification' }).scrollIntoViewIfNeeded();
    await shot(page, 'profile-2fa-on-dark-390x844');
    await activity.scrollIntoViewIfNeeded();
    await shot(page, 'profile-activity-dark-390x844');
  } finally {
    await ctx.close();
  }
});
