// The API reference (/api/docs): Scalar, embedded in the binary, renders the
// OpenAPI document that the API serves, under the server's
// Content-Security-Policy (scripts from the origin only, no eval), without a
// request to another origin (no fonts or CDN), and passes axe.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
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

test('/api/docs renders the API reference from the origin alone, with no violation', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== srv.base && !r.url().startsWith('data:')) problems.push(`request to another origin: ${r.url()}`);
  });
  // Chromium logs most refusals to the console; the event also catches a refused eval that the page caught.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
  );

  // At the movements' section (#tag/movements), which shows their operations.
  const resp = await page.goto(`${srv.base}/api/docs#tag/movements`);
  assert.equal(resp.status(), 200);
  assert.match(resp.headers()['content-type'], /^text\/html/);
  // An operation of the document, rendered: Scalar loaded it from /api/v1/openapi.json.
  await page.getByText('/api/v1/movements', { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  assert.equal(await page.title(), 'Cash Control API');

  const { violations } = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.help} — ${v.nodes[0]?.html.slice(0, 160)}`),
    [],
  );
  assert.deepEqual(problems, []);
  await ctx.close();
});
