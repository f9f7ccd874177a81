// How soon /movements shows its first rows in headless Chromium (desktop
// viewport, no throttling), against a running server:
//
//   node web/scripts/first-rows.mjs URL EMAIL PASSWORD [LOADS]
//
// Signs in, then loads /movements LOADS times (5 by default) in one tab (its
// cache warm after the first load, as for a person coming back; between two
// loads the tab goes to about:blank) and prints the p50 of navigation start → first movement row in the DOM and
// painted, and of navigation start → network idle (the end of the last
// response of the load, totals and lists included).
import { chromium } from 'playwright-core';

const [url, email, password, loadsArg = '5'] = process.argv.slice(2);
if (!url || !email || !password) {
  console.error('usage: node first-rows.mjs URL EMAIL PASSWORD [LOADS]');
  process.exit(2);
}
const loads = Number(loadsArg);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const login = await ctx.request.post(`${url}/api/v1/auth/login`, { data: { email, password } });
  if (!login.ok()) throw new Error(`sign-in: ${login.status()} ${await login.text()}`);
  // The moment the first row is in the DOM, and the frame that paints it,
  // on the page's own clock (0 = navigation start).
  await ctx.addInitScript(() => {
    const w = /** @type {any} */ (window);
    new MutationObserver((_, obs) => {
      if (w.__firstRow === undefined && document.querySelector('[role=list] [role=listitem]')) {
        w.__firstRow = performance.now();
        obs.disconnect();
        requestAnimationFrame(() => setTimeout(() => (w.__firstRowPainted = performance.now()), 0));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const rows = [];
  const idle = [];
  // One tab for every load: each new tab of headless Chromium starts its own
  // browser pages (about 150 chrome:// files of the address bar's pop-up) on
  // the same cores while ours loads, which a person's open browser has done
  // long before.
  const page = await ctx.newPage();
  for (let i = 0; i < loads; i++) {
    await page.goto('about:blank');
    await page.goto(`${url}/movements`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForFunction(() => /** @type {any} */ (window).__firstRowPainted !== undefined, null, { timeout: 60_000 });
    const m = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      const ends = performance.getEntriesByType('resource').map((e) => /** @type {PerformanceResourceTiming} */ (e).responseEnd);
      return { row: /** @type {any} */ (window).__firstRowPainted, idle: Math.max(nav.responseEnd, ...ends) };
    });
    if (new URL(page.url()).pathname !== '/movements') throw new Error(`ended on ${page.url()}`);
    rows.push(m.row);
    idle.push(m.idle);
  }
  const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const ms = (xs) => `${Math.round(p50(xs))} ms p50 (${xs.map(Math.round).join(', ')})`;
  console.log(`${'/movements first rows'.padEnd(32)} ${ms(rows)}`);
  console.log(`${'/movements network idle'.padEnd(32)} ${ms(idle)}`);
} finally {
  await browser.close();
}
