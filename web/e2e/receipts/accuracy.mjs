// The receipt reader measured on receipts of our own making (receipts.mjs):
// each photo is picked in the real app (the built binary, the movement
// form's "Read a receipt"), read by the real OCR in Chromium, and what the
// dialog shows is compared with what the receipt says. Prints how often the
// total, the date, the shop and the currency are right, and the time from
// picking the photo to the prefilled fields, with Chromium's CPU slowed down
// like a mid-range phone's: every thread of its renderers, the OCR worker's
// too, where the kernel lets us (slowdown.mjs); else the page's main thread
// only (CDP Emulation.setCPUThrottlingRate), which the summary then says.
//
//   make receipts-accuracy            (36 receipts, CPU 4× slower)
//   RECEIPTS=12 RECEIPTS_CPU=1 node e2e/receipts/accuracy.mjs
import { launch, signUpViaApi, startServer } from '../server.mjs';
import { photograph } from './receipts.mjs';
import { slowRenderers } from './slowdown.mjs';

const count = Number(process.env.RECEIPTS ?? 36);
const cpu = Number(process.env.RECEIPTS_CPU ?? 4);
const verbose = process.env.RECEIPTS_VERBOSE === '1';

/** Shop names compared as a person would: case, accents, spaces and punctuation aside. */
const fold = (s) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

const srv = await startServer();
const browser = await launch();
try {
  const renderer = await browser.newPage();
  const shots = [];
  for (let i = 0; i < count; i++) shots.push(await photograph(renderer, i));
  await renderer.close();

  const ctx = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await signUpViaApi(page, srv.base, 'receipts@example.com', { languagePreference: 'SWITCH_TO_ENGLISH' });
  await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
  await page.goto(`${srv.base}/movements`);
  const stopSlowing = cpu > 1 ? slowRenderers(cpu) : null;
  if (cpu > 1 && !stopSlowing) await (await ctx.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.getByRole('button', { name: 'New movement' }).first().click();
  const form = page.getByRole('dialog', { name: 'New movement' });
  await form.getByRole('button', { name: 'Read a receipt' }).waitFor();

  const right = { total: 0, date: 0, shop: 0, currency: 0 };
  const flagged = { total: 0, date: 0, shop: 0, currency: 0 };
  const times = [];
  const rows = [];
  for (const shot of shots) {
    const started = performance.now();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.getByRole('button', { name: 'Read a receipt' }).click()]);
    await chooser.setFiles({ name: `${shot.name}.jpg`, mimeType: 'image/jpeg', buffer: shot.jpeg });
    const dialog = page.getByRole('dialog', { name: 'What the receipt says' });
    await dialog
      .getByText(/^Read in /)
      .or(dialog.getByRole('alert'))
      .waitFor({ timeout: 120_000 });
    const seconds = (performance.now() - started) / 1000;
    times.push(seconds);
    const got = {
      total: await dialog.getByRole('textbox', { name: 'Total', exact: true }).inputValue(),
      date: await dialog.getByLabel('Date', { exact: true }).inputValue(),
      shop: await dialog.getByRole('textbox', { name: 'Shop', exact: true }).inputValue(),
      currency: await dialog
        .getByRole('textbox', { name: 'Currency' })
        .or(dialog.getByRole('combobox', { name: 'Currency' }))
        .first()
        .inputValue(),
    };
    const ok = {
      total: got.total === shot.expected.total,
      date: got.date === shot.expected.date,
      shop: fold(got.shop) === fold(shot.expected.shop),
      // A receipt that prints no currency (or only a "$" in Spanish) is right when the field is left empty.
      currency: got.currency === (shot.expected.currency ?? ''),
    };
    for (const k of Object.keys(ok)) {
      if (ok[k]) right[k]++;
      else if (!got[k]) flagged[k]++;
    }
    rows.push({ name: shot.name, seconds, ok, got, expected: shot.expected });
    if (verbose || !ok.total || !ok.date) {
      const miss = Object.keys(ok).filter((k) => !ok[k]);
      console.log(
        `${shot.name}: ${seconds.toFixed(1)} s${miss.length ? `; ${miss.map((k) => `${k} ${JSON.stringify(got[k])} (want ${JSON.stringify(shot.expected[k])})`).join(', ')}` : ''}`,
      );
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const pct = (n) => `${((100 * n) / count).toFixed(1)} %`;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  const slowedThreads = stopSlowing?.();
  const how =
    cpu === 1
      ? 'Chromium at full speed'
      : slowedThreads
        ? `Chromium's renderer threads ${cpu}× slower (${slowedThreads} threads, the OCR worker's too)`
        : `Chromium's page ${cpu}× slower (CDP; the OCR worker is not slowed: run as root on Linux for that)`;
  console.log(`\n${count} receipts (es/en/fr), ${how}`);
  for (const k of Object.keys(right))
    console.log(
      `${k.padEnd(9)} right ${pct(right[k]).padStart(7)}   left empty (flagged) ${pct(flagged[k]).padStart(7)}   wrong ${pct(count - right[k] - flagged[k]).padStart(7)}`,
    );
  console.log(
    `time to the prefilled fields: first ${times[0].toFixed(1)} s (loads the engine), then p50 ${at(0.5)} s, p90 ${at(0.9)} s, max ${sorted.at(-1).toFixed(1)} s`,
  );
  await ctx.close();
} finally {
  await browser.close();
  await srv.stop();
}
