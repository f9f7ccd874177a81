// The first visit: signed out, the app logs no error (it does not ask who the
// user is without the session's hint cookie); signed in, a reload keeps the
// user; sign-out and an ended session land on /login. The page comes with
// links to the files its first paint needs, and it uses every one.
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

/** Records the page's console errors and warnings, uncaught errors and API calls. */
function watch(page) {
  const seen = { problems: [], api: [] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) seen.api.push(u.pathname);
  });
  return seen;
}

test('signed out, /login and a signed-in page log nothing and never ask GET /api/v1/me', async () => {
  for (const locale of ['es-ES', 'en-US']) {
    const ctx = await browser.newContext({ locale });
    const page = await ctx.newPage();
    const seen = watch(page);
    await page.goto(`${srv.base}/login`);
    await page.getByRole('button', { name: /Iniciar sesión|Sign in/ }).waitFor();
    await page.goto(`${srv.base}/movements`);
    await page.waitForURL(`${srv.base}/login`);
    await page.getByRole('button', { name: /Iniciar sesión|Sign in/ }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(seen.problems, [], `${locale}: console`);
    assert.ok(!seen.api.includes('/api/v1/me'), `${locale}: asked ${seen.api.join(', ')}`);
    await ctx.close();
  }
});

test('the page preloads its first files, and uses them all', async () => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto(`${srv.base}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  // Every preloaded file is fetched (a slow machine may still be on its way).
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')].every((l) =>
          performance.getEntriesByType('resource').some((e) => e.name === l.href),
        ),
      null,
      { timeout: 10000 },
    )
    .catch(() => undefined);
  const { preloaded, loaded } = await page.evaluate(() => ({
    preloaded: [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')].map((l) => new URL(l.href).pathname),
    loaded: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  }));
  assert.ok(
    preloaded.some((p) => /LoginPage-.*\.js$/.test(p)),
    `no login chunk among ${preloaded}`,
  );
  assert.ok(preloaded.some((p) => /\/en-.*\.js$/.test(p)) && !preloaded.some((p) => /\/(es|fr)-.*\.js$/.test(p)), `dictionaries: ${preloaded}`);
  assert.ok(!loaded.some((p) => /\/(es|fr)-.*\.js$/.test(p)), `another language was fetched: ${loaded}`);
  for (const p of preloaded) assert.ok(loaded.includes(p), `${p} is preloaded but not used`);
  await ctx.close();
});

test('the first paint needs nothing but the HTML: its styles are inside, and the entry only starts the app', async () => {
  const html = await (await fetch(`${srv.base}/login`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  assert.ok(!/<link[^>]+rel="stylesheet"/.test(head), 'a stylesheet holds the first paint back');
  assert.match(head, /<style>[^<]*--mantine-color-body/);
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(head)?.[1];
  assert.ok(entry, 'no entry script');
  const code = await (await fetch(`${srv.base}${entry}`)).text();
  assert.ok(code.length < 4096, `the entry is ${code.length} bytes: the app's code should load after the first paint`);
  assert.match(code, /import\(/);

  // Nothing loads the global styles again, signed out or in, whatever screen opens.
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  const styles = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') styles.push(new URL(r.url()).pathname);
  });
  await page.goto(`${srv.base}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.request.post(`${srv.base}/api/v1/auth/signup`, { data: { email: 'styles@example.com', password: 'mango-river-42', name: 'Sty' } });
  await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
  for (const path of ['/movements', '/informs', '/categories', '/config']) {
    await page.goto(`${srv.base}${path}`);
    await page.waitForLoadState('networkidle');
  }
  const entryStyles = /<link rel="stylesheet" crossorigin href="([^"]+)">/.exec(html)?.[1];
  assert.equal(entryStyles, undefined);
  assert.deepEqual(
    styles.filter((p) => /\/index-[\w-]+\.css$/.test(p)),
    [],
    `the global styles were fetched: ${styles}`,
  );
  await ctx.close();
});

test('signed in, the page starts its API requests itself and in the language the user reads', async () => {
  // A French user on an English browser: after one visit the app remembers
  // French, so the next page comes with the French dictionary, and with its
  // API requests already on their way, each asked once.
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await page.request.post(`${srv.base}/api/v1/auth/signup`, {
    data: { email: 'preload@example.com', password: 'mango-river-42', name: 'Flo', languagePreference: 'SWITCH_TO_FRENCH' },
  });
  await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_FRENCH', baseCurrency: 'EUR' } });
  await page.goto(`${srv.base}/movements`);
  await page.getByRole('heading', { name: 'Mouvements', level: 1 }).waitFor();
  assert.equal((await ctx.cookies(srv.base)).find((c) => c.name === 'cc_lang')?.value, 'fr');

  const seen = watch(page);
  // What the app itself fetches (a preload is used when the app's fetch takes its answer).
  await ctx.addInitScript(() => {
    const fetch = window.fetch;
    window.ccFetched = [];
    window.fetch = (input, init) => {
      const u = new URL(input instanceof Request ? input.url : String(input), location.href);
      window.ccFetched.push(u.pathname + u.search);
      return fetch(input, init);
    };
  });
  const calls = [];
  // (The live event stream, opened a moment later, is no request of the screen.)
  page.on(
    'request',
    (r) => r.url().includes('/api/') && !r.url().includes('/api/v1/events') && calls.push(new URL(r.url()).pathname + new URL(r.url()).search),
  );
  await page.goto(`${srv.base}/movements`);
  await page.getByRole('heading', { name: 'Mouvements', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  // Every preload used (Chromium warns, a few seconds after the load, of one
  // that is not): the app fetched each fetch preload, and each style preload
  // became a style sheet. Waited for until they are, then told which are not.
  const unused = () => {
    const path = (href) => new URL(href, location.href).pathname + new URL(href, location.href).search;
    const sheets = new Set([...document.styleSheets].filter((s) => s.href).map((s) => path(s.href)));
    const fetched = new Set(window.ccFetched);
    return [...document.querySelectorAll('link[rel=preload]')]
      .filter((l) => (l.as === 'fetch' ? !fetched.has(path(l.href)) : l.as === 'style' ? !sheets.has(path(l.href)) : true))
      .map((l) => `${l.as} ${path(l.href)}`);
  };
  await page.waitForFunction(`(${unused})().length === 0`, null, { timeout: 30_000 }).catch(() => undefined);
  assert.deepEqual(await page.evaluate(unused), [], 'preloaded and not used');
  const { preloaded, loaded } = await page.evaluate(() => ({
    preloaded: [...document.querySelectorAll('link[rel=modulepreload], link[rel=preload]')].map((l) => new URL(l.href)).map((u) => u.pathname + u.search),
    loaded: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  }));
  const fetched = preloaded.filter((p) => p.startsWith('/api/'));
  assert.deepEqual(fetched, [
    '/api/v1/me',
    '/api/v1/meta',
    '/api/v1/ledgers',
    '/api/v1/accounts',
    '/api/v1/categories',
    '/api/v1/movements?order=desc&limit=100',
    '/api/v1/movements/totals?order=desc',
  ]);
  assert.deepEqual([...calls].sort(), [...fetched].sort(), 'each API request once');
  assert.ok(preloaded.some((p) => /\/fr-.*\.js$/.test(p)) && !loaded.some((p) => /\/(es|en)-.*\.js$/.test(p)), `dictionaries: ${loaded}`);
  assert.deepEqual(seen.problems, []);
  await ctx.close();
});

test('signed in, a reload keeps the user; sign-out and an ended session land on /login', async () => {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  const seen = watch(page);
  await page.request.post(`${srv.base}/api/v1/auth/signup`, {
    data: { email: 'first-visit@example.com', password: 'mango-river-42', name: 'Fay', languagePreference: 'SWITCH_TO_ENGLISH' },
  });
  await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
  const hint = async () => (await ctx.cookies(srv.base)).find((c) => c.name === 'cc_signed_in');
  const h = await hint();
  assert.ok(h && h.value === '1' && !h.httpOnly, `hint cookie ${JSON.stringify(h)}`);

  await page.goto(`${srv.base}/movements`);
  await page.getByRole('heading', { name: 'Movements', level: 1 }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Movements', level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/movements');
  assert.deepEqual(seen.problems, []);

  // Sign-out: /login, and the hint is gone with the session.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${srv.base}/login`);
  assert.equal(await hint(), undefined);

  // A session that ended on the server (its cookie is unknown now) while the
  // browser still holds the hint: the server's 401 sends the app to /login
  // and clears the hint, so the next visit asks nothing.
  await page.request.post(`${srv.base}/api/v1/auth/login`, { data: { email: 'first-visit@example.com', password: 'mango-river-42' } });
  const session = (await ctx.cookies(srv.base)).find((c) => c.name === 'cc_session');
  await ctx.addCookies([{ ...session, value: 'ended-session-token' }]);
  await page.goto(`${srv.base}/movements`);
  await page.waitForURL(`${srv.base}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  assert.equal(await hint(), undefined);
  await ctx.close();
});
