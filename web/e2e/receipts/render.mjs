// Writes the generated receipts as photos to a folder, with what each says:
//   node e2e/receipts/render.mjs [count=36] [dir=/tmp/receipts] [jpeg|png]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from '../server.mjs';
import { photograph } from './receipts.mjs';

const count = Number(process.argv[2] ?? 36);
const dir = process.argv[3] ?? '/tmp/receipts';
const type = process.argv[4] === 'png' ? 'png' : 'jpeg';
mkdirSync(dir, { recursive: true });
const browser = await launch();
try {
  const page = await browser.newPage();
  const expected = {};
  for (let i = 0; i < count; i++) {
    const shot = await photograph(page, i, type);
    writeFileSync(join(dir, `${shot.name}.${type === 'png' ? 'png' : 'jpg'}`), shot.jpeg);
    expected[shot.name] = shot.expected;
  }
  writeFileSync(join(dir, 'expected.json'), JSON.stringify(expected, null, 1));
  console.log(`${count} receipts in ${dir}`);
} finally {
  await browser.close();
}
