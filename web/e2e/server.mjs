// Starts the real cashcontrol binary on a fresh SQLite and a free port, and
// launches Debian's Chromium with playwright-core. Used by every e2e test.
import { deflateSync } from 'node:zlib';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

export const BIN = process.env.CASHCONTROL_BIN || resolve(import.meta.dirname, '../../bin/cashcontrol');
/** The binary built with -tags testclock (make e2e): POST /test/clock moves its clock forward. Never the production one. */
export const TESTCLOCK_BIN = process.env.CASHCONTROL_TESTCLOCK_BIN || resolve(import.meta.dirname, '../../bin/cashcontrol-testclock');

export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

export async function startServer(env = {}, fixedPort = 0, bin = BIN) {
  const port = fixedPort || (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'cc-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(bin, ['serve'], {
    // Every test signs up and uploads from 127.0.0.1: lift the per-address limits.
    env: {
      ...process.env,
      CASHCONTROL_ADDR: `127.0.0.1:${port}`,
      CASHCONTROL_DATA_DIR: dir,
      CASHCONTROL_LOG_LEVEL: 'warn',
      CASHCONTROL_SIGNUP_RATE: '1000/1m',
      CASHCONTROL_UPLOAD_RATE: '1000/1m',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Polled until it answers (its migrations take seconds on a busy machine); a minute at most.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(`${base}/api/v1/health`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('cashcontrol did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    port,
    dir,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium, whose every context prefers reduced motion unless the test says
 * otherwise: charts (recharts) then draw at once instead of animating, so a
 * test waits for the chart's final state, not for an animation's time.
 */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Signs up through the API inside the page's context (the cookie lands in the browser). */
export async function signUpViaApi(page, base, email, extra = {}) {
  const r = await page.request.post(`${base}/api/v1/auth/signup`, { data: { email, password: 'mango-river-42', name: 'Ana', ...extra } });
  if (r.status() !== 201) throw new Error(`sign-up failed: ${r.status()} ${await r.text()}`);
  return r.json();
}

/** A real PNG of w × h pixels, all one colour (the photo of a ticket, as far as the server can tell). */
export function png(w, h) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x99)]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
