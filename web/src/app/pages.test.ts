import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pages from './pages.json';
import { routes } from './router';

// pages.json (what the server preloads for each page, and what js-weight.mjs
// weighs) follows the router: the same paths, the same lazy modules.
describe('pages.json', () => {
  const source = (f: string) => readFileSync(join(import.meta.dirname, f), 'utf8');
  const lazyModules = (f: string) =>
    [...source(f).matchAll(/import\('([^']+)'\)/g)].map(([, m]) => (m!.startsWith('@/') ? `src/${m!.slice(2)}` : join('src/app', m!)) + '.tsx');
  it('lists every path of the route table', () => {
    const paths = (rs: typeof routes): string[] => rs.flatMap((r) => [...(r.path && r.path !== '*' ? [r.path] : []), ...paths(r.children ?? [])]);
    expect(Object.keys(pages.pages).sort()).toEqual(paths(routes).sort());
  });
  it('names modules that the router and the guards load lazily', () => {
    const lazy = new Set([...lazyModules('router.tsx'), ...lazyModules('guards.tsx')]);
    for (const m of [pages.shell, ...Object.values(pages.pages).flat()]) expect(lazy, m).toContain(m);
    for (const m of lazyModules('router.tsx')) expect(Object.values(pages.pages).flat(), m).toContain(m);
  });
});
