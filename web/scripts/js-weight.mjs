// Prints the gzipped JavaScript each first page loads: the entry chunk and its
// static imports, plus the lazy chunks the route needs and their static imports.
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
// A signed-in screen also loads the shell (AppLayout, itself lazy).
const shell = 'src/app/layout/AppLayout.tsx';
const routes = {
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/': [shell, 'src/app/routes/HomeRoute.tsx'],
  '/movements': [shell, 'src/features/movements/MovementsPage.tsx'],
  '/informs': [shell, 'src/features/informs/InformsPage.tsx'],
  '/dashboard': [shell, 'src/features/dashboard/DashboardPage.tsx'],
};
// Every page also loads one dictionary (the largest is counted).
const dictionary = ['src/shared/i18n/es.ts', 'src/shared/i18n/en.ts', 'src/shared/i18n/fr.ts'].map((k) => manifest[k].file).sort((a, b) => gz(b) - gz(a))[0];
for (const [route, screens] of Object.entries(routes)) {
  for (const s of screens) if (!manifest[s]) throw new Error(`${s} is not a chunk of the build`);
  const files = [...closure([entry, ...screens])]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'))
    .concat(dictionary);
  const total = files.reduce((s, f) => s + gz(f), 0);
  console.log(`${`first-page JS ${route}`.padEnd(32)} ${(total / 1024).toFixed(1)} KB gzipped (${files.length} files)`);
}
