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

/**
 * Waits until nothing on the page moves: no CSS transition or animation of a
 * finite length (a dialog opening, a notification sliding in) is pending or
 * running, and every open menu, dialog, list box or tooltip is fully opaque,
 * two frames in a row. Endless ones (a loader's spin) are ignored.
 * Charts animate with JavaScript, not CSS: contexts ask for reduced motion
 * (launch in server.mjs), which recharts honours by drawing them at once.
 */
export async function settled(page) {
  await page.waitForFunction(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const moving = () => document.getAnimations().some((a) => (a.pending || a.playState === 'running') && a.effect?.getComputedTiming().endTime !== Infinity);
    // A popup seen through any opacity but 1: Mantine fades it in by steps of
    // its own (mounted at 0, the transition set a frame or more later), so on a
    // busy machine there are frames where it is half shown and no transition
    // runs yet or any more. axe would read its colours blended.
    const fading = () =>
      [...document.querySelectorAll('[role=menu],[role=dialog],[role=alertdialog],[role=listbox],[role=tooltip]')].some((el) => {
        if (!el.checkVisibility()) return false;
        let seen = 1;
        for (let e = el; e; e = e.parentElement) seen *= Number(getComputedStyle(e).opacity);
        return seen !== 1;
      });
    const still = () => !moving() && !fading();
    await frame();
    if (!still()) return false;
    await frame();
    return still();
  });
}

/**
 * axe finds nothing on the page, once a dialog's transition has ended (axe
 * sees its final colours). The toasts are left out: each fades away by
 * itself a few seconds after it came, whenever that falls, and axe read one
 * half faded ("Linked.", #bfbfbf on white) on a busy machine.
 */
export async function axeClean(page, where) {
  const scan = async () => {
    await settled(page);
    return (await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze()).violations;
  };
  let violations = await scan();
  // Only contrast, read while a popup was still fading in (CI saw the admin's
  // menu at opacity 0.73 twice, after settled()): read again once the page has
  // settled again. A real contrast failure is there both times.
  if (violations.length > 0 && violations.every((v) => v.id === 'color-contrast')) violations = await scan();
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
