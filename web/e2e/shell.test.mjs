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

test('/login renders in Spanish for a Spanish browser', async () => {
  const ctx = await browser.newContext({ locale: 'es-ES' });
  const page = await ctx.newPage();
  await page.goto(`${srv.base}/login`);
  await page.getByRole('heading', { name: 'Toma el control de tu dinero' }).waitFor();
  assert.equal(await page.getAttribute('html', 'lang'), 'es');
  assert.ok(await page.getByRole('button', { name: 'Iniciar sesión' }).isVisible());
  await ctx.close();
});

test('a browser in another language falls back to Spanish; English is English', async () => {
  for (const [locale, heading] of [
    ['de-DE', 'Toma el control de tu dinero'],
    ['en-US', 'Take control of your money'],
    ['fr-FR', 'Prenez le contrôle de votre argent'],
  ]) {
    const ctx = await browser.newContext({ locale });
    const page = await ctx.newPage();
    await page.goto(`${srv.base}/login`);
    await page.getByRole('heading', { name: heading }).waitFor();
    await ctx.close();
  }
});

test('/movements without a session redirects to /login', async () => {
  const ctx = await browser.newContext({ locale: 'es-ES' });
  const page = await ctx.newPage();
  await page.goto(`${srv.base}/movements`);
  await page.waitForURL(`${srv.base}/login`);
  await ctx.close();
});

test('an unknown path shows Not Found', async () => {
  const ctx = await browser.newContext({ locale: 'es-ES' });
  const page = await ctx.newPage();
  await page.goto(`${srv.base}/nope`);
  await page.getByRole('heading', { name: 'Not Found' }).waitFor();
  await ctx.close();
});

test('a phone-sized viewport shows the hamburger, not the sidebar, and the menu opens', async () => {
  const ctx = await browser.newContext({ locale: 'es-ES', viewport: { width: 375, height: 740 } });
  const page = await ctx.newPage();
  const r = await page.request.post(`${srv.base}/api/v1/auth/signup`, { data: { email: 'phone@example.com', password: 'mango-river-42', name: 'Pho' } });
  assert.equal(r.status(), 201);
  await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_SPANISH', baseCurrency: 'EUR' } });
  await page.goto(`${srv.base}/about`);
  const burger = page.getByRole('button', { name: 'Abrir el menú' });
  await burger.waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Navegación principal' }).count(), 0, 'no sidebar on a phone');
  await burger.click();
  const menu = page.getByRole('dialog');
  await menu.getByRole('link', { name: 'Movimientos' }).click();
  await page.waitForURL(`${srv.base}/movements`);
  await page.getByRole('heading', { name: 'Movimientos' }).waitFor();
  await ctx.close();
});

test('a desktop shows the sidebar at 200 px and collapses it to 65 px', async () => {
  const ctx = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.request.post(`${srv.base}/api/v1/auth/signup`, { data: { email: 'desk@example.com', password: 'mango-river-42', name: 'Desk' } });
  await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_SPANISH', baseCurrency: 'EUR' } });
  await page.goto(`${srv.base}/about`);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.waitFor();
  assert.equal(Math.round((await nav.boundingBox()).width), 200);
  await page.getByText('Version 1.0').waitFor();
  await nav.getByRole('button', { name: 'Contraer el menú' }).click();
  await page.waitForFunction(() => document.querySelector('nav[aria-label]')?.getBoundingClientRect().width === 65);
  assert.equal(await nav.getByText('Centro de ayuda').count(), 0);
  await ctx.close();
});
