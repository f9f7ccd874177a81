// The window never scrolls into blank space: on every screen, in both themes,
// on a desktop and on a phone, the document is no taller than the app in it
// (#root). The signed-in frame is one screen high and scrolls inside `main`;
// something absolutely positioned in there (a visually hidden label) that
// took the page for its box made the document taller, and scrolling past
// the content slid the whole app away.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BIN, launch, startServer } from './server.mjs';

const EMAIL = 'scroll@example.com';
const PASSWORD = 'lantern-meadow-73';
const SCREENS = [
  '/',
  '/categories',
  '/categories/budget',
  '/categories/rules',
  '/movements',
  '/movements/scheduled',
  '/informs',
  '/informs?tab=budget',
  '/dashboard',
  '/config',
  '/config/currencies',
  '/config/ledgers',
  '/config/admin',
  '/profile',
  '/about',
];

let srv;
let browser;
before(async () => {
  srv = await startServer();
  await promisify(execFile)(BIN, ['demo', '--email', EMAIL, '--password', PASSWORD, '--movements', '300', '--years', '1'], {
    env: { ...process.env, CASHCONTROL_DATA_DIR: srv.dir, CASHCONTROL_LOG_LEVEL: 'warn' },
  });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await srv?.stop();
});

/** How much taller the document is than the app it holds (0 when it is not). */
const overflow = (page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    const content = Math.max(window.innerHeight, Math.ceil(root.getBoundingClientRect().bottom + window.scrollY));
    return Math.max(0, document.documentElement.scrollHeight - content);
  });

for (const theme of ['LIGHT_MODE', 'DARK_MODE']) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ]) {
    test(`no screen's document is taller than its content in ${theme} on a ${device}`, async () => {
      const ctx = await browser.newContext({ locale: 'en-GB', viewport });
      const page = await ctx.newPage();
      await page.goto(`${srv.base}/login`);
      await page.locator('form').first().waitFor();
      assert.equal(await overflow(page), 0, '/login');
      const r = await page.request.post(`${srv.base}/api/v1/auth/login`, { data: { email: EMAIL, password: PASSWORD } });
      assert.equal(r.status(), 200, await r.text());
      const s = await page.request.put(`${srv.base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_SPANISH', themePreference: theme } });
      assert.equal(s.status(), 200, await s.text());
      const tall = [];
      for (const path of SCREENS) {
        await page.goto(`${srv.base}${path}`);
        await page.waitForLoadState('networkidle');
        await page.locator('main').waitFor();
        const px = await overflow(page);
        if (px > 0) tall.push(`${path}: ${px} px`);
      }
      assert.deepEqual(tall, [], `the document is taller than the app on ${tall.join(', ')}`);
      await ctx.close();
    });
  }
}
