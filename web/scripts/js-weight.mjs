// Prints, for each page of src/app/pages.json, the gzipped JavaScript and CSS
// it loads for its first paint: the entry's files (index.html) plus the ones
// the build lists for the page in dist/.vite/pages.json (its lazy chunks with
// their static imports and CSS, and a signed-in page's shell), plus one
// dictionary (the largest is counted). Run after `vite build`.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const pages = JSON.parse(readFileSync(join(dist, '.vite/pages.json'), 'utf8'));
// A script or style is stored gzip-compressed at level 9 (scripts/compress-dist.mjs): its .gz is what is sent.
const gz = (file) =>
  existsSync(join(dist, `${file}.gz`)) ? readFileSync(join(dist, `${file}.gz`)).length : gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const entryFiles = new Set();
const walk = (k) => {
  const c = manifest[k];
  if (!c || entryFiles.has(c.file)) return;
  entryFiles.add(c.file);
  c.css?.forEach((f) => entryFiles.add(f));
  c.imports?.forEach(walk);
};
Object.keys(manifest)
  .filter((k) => manifest[k].isEntry)
  .forEach(walk);
const dictionary = Object.values(pages.dictionaries).sort((a, b) => b.reduce((s, f) => s + gz(f), 0) - a.reduce((s, f) => s + gz(f), 0))[0];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const only = process.argv.slice(2);
console.log(`${'page'.padEnd(12)} ${'JS gzipped'.padStart(11)} ${'CSS gzipped'.padStart(11)} ${'files'.padStart(5)}`);
for (const [page, list] of Object.entries(pages.pages)) {
  if (only.length && !only.includes(page)) continue;
  const files = [...new Set([...entryFiles, ...list, ...dictionary])];
  const js = files.filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(f), 0);
  const css = files.filter((f) => f.endsWith('.css')).reduce((s, f) => s + gz(f), 0);
  console.log(`${page.padEnd(12)} ${kb(js).padStart(11)} ${kb(css).padStart(11)} ${String(files.length + 1).padStart(5)}`);
}
console.log('(files: with the page itself; signed-in pages include the shell; one dictionary, the largest)');
