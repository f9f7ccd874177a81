// The requests each screen makes when it opens are listed once, in
// web/screens/screens.json; `make bench` replays those lists. This test opens
// every screen in Chromium and checks that the app makes exactly them, so the
// benchmark measures what a person waits for.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, signUpViaApi, startServer } from './server.mjs';
import { settled } from './checks.mjs';

const { screens } = JSON.parse(readFileSync(new URL('../screens/screens.json', import.meta.url), 'utf8'));

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

const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The placeholders' values, as web/screens/screens.go's Vars computes them. */
function vars(category, word, account) {
  const now = new Date();
  return {
    today: iso(now),
    month: iso(now).slice(0, 7),
    monthStart: iso(new Date(now.getFullYear(), now.getMonth(), 1)),
    monthEnd: iso(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
    quarterStart: iso(new Date(now.getFullYear(), now.getMonth() - 2, 1)),
    category,
    word,
    account,
  };
}

const expand = (s, v) => s.replace(/\{(\w+)\}/g, (_, k) => v[k]);

test('every screen makes exactly the requests listed in screens.json', async () => {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  try {
    const base = srv.base;
    await signUpViaApi(page, base, 'screens@example.com');
    await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    const acc = await (await page.request.post(`${base}/api/v1/accounts`, { data: { name: 'Bank', type: 'bank', currency: 'EUR', openingBalance: 0 } })).json();
    const cat = await (await page.request.post(`${base}/api/v1/categories`, { data: { name: 'Cinema', type: 'expense' } })).json();
    const v = vars(cat.id, 'cine', acc.id);
    const r = await page.request.post(`${base}/api/v1/movements`, {
      data: { type: 'expense', date: v.today, amount: 850, accountId: acc.id, categoryId: cat.id, description: 'Cine Paradiso' },
    });
    assert.equal(r.status(), 201);

    let seen = [];
    let answered = 0;
    let changed = () => {};
    // The live event stream opens a moment after every screen (shared/api/live.ts): not a request of the screen.
    const ofScreen = (req) => {
      const u = new URL(req.url());
      return u.pathname.startsWith('/api/') && u.pathname !== '/api/v1/events';
    };
    page.on('request', (req) => {
      if (ofScreen(req)) seen.push(new URL(req.url()).pathname + new URL(req.url()).search);
      changed();
    });
    for (const ev of ['requestfinished', 'requestfailed'])
      page.on(ev, (req) => {
        if (ofScreen(req)) answered++;
        changed();
      });
    /** Resolves once done() holds (checked at each request and each answer); fails after a minute. */
    const until = (done, what) =>
      new Promise((res, rej) => {
        const t = setTimeout(() => rej(new Error(`${what}: ${seen.length} requests, ${answered} answered: ${seen.join(', ')}`)), 60_000);
        changed = () => done() && (clearTimeout(t), res());
        changed();
      });
    for (const s of screens) {
      seen = [];
      answered = 0;
      await page.goto(base + expand(s.path, v), { waitUntil: 'networkidle' });
      const want = s.requests.map((q) => expand(q, v)).sort();
      // On a busy machine the screen's code may load after the network went
      // quiet: wait for as many requests as expected and their answers, then
      // for the screen to have drawn them (an extra request would go then).
      await until(() => seen.length >= want.length && answered >= seen.length, `${s.name} (${s.path})`);
      await settled(page);
      assert.deepEqual([...seen].sort(), want, `${s.name} (${s.path})`);
    }
  } finally {
    await ctx.close();
  }
});
