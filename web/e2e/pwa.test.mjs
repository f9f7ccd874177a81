// The installable app: manifest, service worker, the data read last shown
// offline, and a movement added offline sent once when back online.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, signUpViaApi, startServer } from './server.mjs';
import { settled } from './checks.mjs';

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

test('the manifest and the service worker are served; the worker controls the page', async () => {
  const r = await fetch(`${srv.base}/manifest.webmanifest`);
  assert.equal(r.headers.get('content-type'), 'application/manifest+json');
  const m = await r.json();
  assert.equal(m.name, 'Cash Control');
  assert.equal(m.start_url, '/');
  assert.equal(m.display, 'standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = m.icons.find((i) => i.sizes === size && !i.purpose);
    assert.ok(icon, `an icon of ${size}`);
    const png = await fetch(`${srv.base}${icon.src}`);
    assert.equal(png.headers.get('content-type'), 'image/png');
  }
  assert.ok(m.icons.some((i) => i.purpose === 'maskable'));
  const sw = await fetch(`${srv.base}/sw.js`);
  assert.equal(sw.status, 200);
  assert.equal(sw.headers.get('cache-control'), 'no-cache');

  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(`${srv.base}/login`);
  assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), '/manifest.webmanifest');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  // Chromium's own reading of the manifest (what it installs from).
  const cdp = await ctx.newCDPSession(page);
  const { url, errors: manifestErrors } = await cdp.send('Page.getAppManifest');
  assert.equal(url, `${srv.base}/manifest.webmanifest`);
  assert.deepEqual(manifestErrors, []);
  // And its installability criteria (Lighthouse's former installability
  // audit): a browser context of a test is incognito-like, which Chromium
  // reports apart; nothing else may be missing.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(
    installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    [],
  );
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('offline: the last movements show with the banner; one added offline is sent once when back online', async () => {
  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  try {
    await page.goto(`${srv.base}/login`);
    await signUpViaApi(page, srv.base, 'offline@example.com');
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    const account = (await (await page.request.get(`${srv.base}/api/v1/accounts`)).json()).items[0];
    const category = (await (await page.request.get(`${srv.base}/api/v1/categories`)).json()).items.find((c) => c.type === 'expense');
    const made = await page.request.post(`${srv.base}/api/v1/movements`, {
      data: { type: 'expense', date: '2026-01-15', amount: 350, accountId: account.id, categoryId: category.id, description: 'Bakery bread' },
    });
    assert.equal(made.status(), 201);

    await page.goto(`${srv.base}/movements`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    // Read once through the worker, which keeps the answers.
    await page.reload();
    await page.getByText('Bakery bread').first().waitFor();

    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole('status').getByText('Offline — showing the data last loaded').waitFor();
    await page.getByText('Bakery bread').first().waitFor();
    // Changes wait: no import offline; adding a movement stays.
    assert.equal(await page.getByRole('button', { name: 'Import' }).count(), 0);

    await page.getByRole('button', { name: 'New movement' }).click();
    const form = page.getByRole('form', { name: 'New movement' });
    await form.getByLabel('Amount').fill('2.40');
    await form.getByLabel('Category').click();
    await page.getByRole('option', { name: category.name, exact: true }).first().click();
    await form.getByLabel('Description').fill('Offline coffee');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved on this device').first().waitFor();
    const pending = page.getByRole('region', { name: '1 movement added offline' });
    await pending.getByText('Offline coffee').waitFor();
    await pending.getByText('Waiting to be sent').waitFor();

    await ctx.setOffline(false);
    await page.getByText('The movement added offline was sent.').first().waitFor();
    await pending.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /Offline coffee/ })
      .first()
      .waitFor();
    // Once: a second coming online sends nothing more. The banner coming and
    // going shows the app has seen both events (and so run its sending again).
    const posts = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/v1/movements') && posts.push(r.url()));
    const banner = page.getByRole('status').getByText('Offline — showing the data last loaded');
    await ctx.setOffline(true);
    await banner.waitFor();
    await ctx.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await settled(page);
    assert.deepEqual(posts, []);
    const list = await (await page.request.get(`${srv.base}/api/v1/movements?q=${encodeURIComponent('Offline coffee')}`)).json();
    assert.equal(list.items.filter((m) => m.description === 'Offline coffee').length, 1);
    assert.equal(list.items[0].amount, 240);

    // Signing out (here with the API, as from another tab) forgets the data kept for offline reading.
    const kept = () =>
      page.evaluate(async () => ((await caches.has('cc-api')) ? (await (await caches.open('cc-api')).keys()).map((r) => new URL(r.url).pathname) : []));
    assert.ok((await kept()).includes('/api/v1/movements'));
    await page.request.post(`${srv.base}/api/v1/auth/logout`);
    await page.reload();
    await page.waitForURL(`${srv.base}/login`);
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    // What the sign-in page reads again (the instance's meta) may be kept; nothing of the user's.
    assert.deepEqual(
      (await kept()).filter((p) => !['/api/v1/meta', '/api/v1/currencies'].includes(p)),
      [],
    );
  } finally {
    await ctx.close();
  }
});
