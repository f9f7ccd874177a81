// Screenshots of /login, /movements, /informs, /dashboard, /config/currencies,
// /config/ledgers and /profile in both themes, on a phone and a desktop, to look at
// after a change of styles:
//
//   node web/scripts/screenshots.mjs URL EMAIL PASSWORD OUTDIR
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [url, email, password, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node screenshots.mjs URL EMAIL PASSWORD OUTDIR');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  for (const theme of ['light', 'dark']) {
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ]) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'en-US' });
      await ctx.addInitScript((t) => localStorage.setItem('cc.scheme', t), theme);
      const page = await ctx.newPage();
      await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
      await page.screenshot({ path: join(out, `login-${theme}-${w}.png`) });
      const r = await ctx.request.post(`${url}/api/v1/auth/login`, { data: { email, password } });
      if (!r.ok()) throw new Error(`sign-in: ${r.status()}`);
      await ctx.request.put(`${url}/api/v1/me/settings`, {
        data: { languagePreference: 'SWITCH_TO_ENGLISH', themePreference: theme === 'dark' ? 'DARK_MODE' : 'LIGHT_MODE' },
      });
      for (const [p, ready] of [
        ['movements', '[role=list] [role=listitem]'],
        ['informs', '.recharts-surface'],
        ['dashboard', 'section[aria-labelledby]'],
        ['config/currencies', 'section[aria-labelledby] input'],
        ['config/ledgers', 'section[aria-labelledby] li'],
        ['profile', 'section[aria-labelledby] [role=switch], section[aria-labelledby] button'],
      ]) {
        await page.goto(`${url}/${p}`, { waitUntil: 'networkidle' });
        await page.locator(ready).first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(500);
        await page.screenshot({ path: join(out, `${p.replace('/', '-')}-${theme}-${w}.png`) });
      }
      await ctx.close();
    }
  }
} finally {
  await browser.close();
}
