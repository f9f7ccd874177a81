// What several end-to-end tests check the same way: axe's findings, a
// phone's width, a context in a theme, a signed-up user in English.
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { signUpViaApi } from './server.mjs';

/** axe's violations, readable in a failed assertion (the first three nodes of each). */
export function describeViolations(violations) {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 3)
          .map((n) => `  ${n.html.slice(0, 200)}\n    ${n.failureSummary.replace(/\n/g, ' ')}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** axe finds nothing on the page, once a dialog's transition has ended (axe sees its final colours). */
export async function axeClean(page, where) {
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).analyze();
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** Nothing runs off the side of the window (the phone's 390 px). */
export async function noSideScroll(page, where) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  assert.ok(scroll <= width, `${where}: ${scroll}px wide in a ${width}px window`);
}

/** A context in a theme; dark before sign-in too (the app keeps the scheme in localStorage until it knows the user). */
export async function themedContext(browser, theme, viewport) {
  const ctx = await browser.newContext({ locale: 'en-GB', viewport });
  if (theme === 'DARK_MODE') await ctx.addInitScript(() => localStorage.setItem('cc.scheme', 'dark'));
  return ctx;
}

/** A user signed up on the page's context, welcomed, in English and in the theme. */
export async function englishUser(page, base, email, theme) {
  await signUpViaApi(page, base, email, { languagePreference: 'SWITCH_TO_ENGLISH' });
  await page.request.post(`${base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
  const r = await page.request.put(`${base}/api/v1/me/settings`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', themePreference: theme } });
  assert.equal(r.status(), 200, await r.text());
}
