// Stores the web app's own scripts and styles gzip-compressed (level 9):
// dist/assets/NAME.js becomes dist/assets/NAME.js.gz, and so for the styles
// and the OCR engine's worker script. The binary embeds dist/, so this keeps
// it (and the container image) about 1.6 MB smaller. The server sends a
// stored .gz as it is to a browser that takes gzip, which every supported
// browser does, and unpacks it for a client that does not
// (internal/server/spa.go). Runs last in `npm run build`: the service
// worker's precache list (vite-plugin-pwa) is made from the plain files
// before, and only their names matter to it.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '../dist/assets');
const files = readdirSync(assets, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.(js|css)$/.test(e.name))
  .map((e) => join(e.parentPath, e.name));
if (files.length === 0) throw new Error('compress-dist: no scripts in dist/assets: run vite build first');
let before = 0;
let after = 0;
for (const file of files) {
  const plain = readFileSync(file);
  const gz = gzipSync(plain, { level: 9 });
  writeFileSync(`${file}.gz`, gz);
  rmSync(file);
  before += plain.length;
  after += gz.length;
}
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
console.log(`compress-dist: ${files.length} scripts and styles stored gzip-compressed, ${mb(before)} → ${mb(after)}`);
