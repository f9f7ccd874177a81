// One Lighthouse run with its default (mobile) settings: node run.mjs URL
// OUT.json ['NAME=VALUE; NAME=VALUE']. With cookies, they are put in the browser's own
// cookie jar before the run (a Cookie header would be invisible to the page's
// script and would stand beside the jar's cookies), and Lighthouse keeps them
// (disableStorageReset: the browser is new, with nothing else stored).
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const [url, out, cookie] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync', '--disable-background-networking', '--disable-component-update'],
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  for (const c of cookie ? cookie.split(/;\s*/) : []) {
    const [name = '', value = ''] = c.split(/=(.*)/s);
    await browser.setCookie({ name, value, domain: new URL(url).hostname, path: '/', httpOnly: name === 'cc_session', sameSite: 'Lax' });
  }
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], disableStorageReset: Boolean(cookie) },
    undefined,
    page,
  );
  writeFileSync(out, result.report);
  await browser.disconnect();
} finally {
  await chrome.kill();
}
