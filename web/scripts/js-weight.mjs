// Prints the gzipped JavaScript each first page loads: the entry chunk and its
// static imports, plus the lazy screen of the route and its static imports.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);

function closure(keys) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const routes = { '/login': 'src/features/auth/LoginPage.tsx', '/movements': 'src/features/movements/MovementsPage.tsx', '/informs': 'src/features/informs/InformsPage.tsx' };
for (const [route, screen] of Object.entries(routes)) {
  const files = [...closure([entry, screen])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((s, f) => s + gz(f), 0);
  console.log(`${`first-page JS ${route}`.padEnd(32)} ${(total / 1024).toFixed(1)} KB gzipped (${files.length} files)`);
}
