// Draws the installable app's icons (public/icons/*.png, committed) from the
// favicon, in Debian's Chromium: `node scripts/icons.mjs` after the logo
// changes. A maskable icon is cropped by the phone to a circle or a rounded
// square: its logo fills the middle 80 % (the safe zone: its own rounded square is the background colour, and the letter within keeps well inside)
// on a background that fills the square.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const web = join(import.meta.dirname, '..');
const logo = readFileSync(join(web, 'public/favicon.svg'), 'utf8');
const icons = [
  { file: 'pwa-192.png', size: 192, maskable: false },
  { file: 'pwa-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, maskable } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const inner = maskable ? Math.round(size * 0.8) : size;
    // The logo's own rounded square is the brand colour: the maskable one stands on it, full bleed.
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? '#1c7ed6' : 'transparent'}">` +
        `<div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
    );
    writeFileSync(join(web, 'public/icons', file), await page.screenshot({ omitBackground: !maskable, type: 'png' }));
  }
} finally {
  await browser.close();
}
