import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import pages from './src/app/pages.json';

/**
 * Only the CSS a page uses: each Mantine component's class names live in
 * @mantine/core/esm/components/…/<Name>.module.mjs (or esm/utils/…), and its styles in
 * @mantine/core/styles/<Name>.css. Importing the one from the other puts a
 * component's styles in the chunk that uses it (Vite loads a chunk's CSS
 * with it), also for the components that others use inside (Select's
 * Combobox, Popover, Input…), in the order the modules run: a component's
 * parts before it, as in Mantine's own styles.css.
 */
function mantineCssPerComponent(): Plugin {
  // components/…, and utils/InlineInput (the label beside a Checkbox, Switch or Radio).
  const module = /\/@mantine\/core\/esm\/(?:components|utils)\/(?:[^/]+\/)*([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'mantine-css-per-component',
    enforce: 'pre',
    transform(code, id) {
      const m = module.exec(id.split('?')[0] ?? id);
      return m ? { code: `import '@mantine/core/styles/${m[1]}.css';\n${code}`, map: null } : null;
    },
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Preload what the first paint needs: after the build, dist/.vite/pages.json
 * lists for each page of src/app/pages.json the JavaScript and CSS files it
 * loads beyond the entry's (its lazy chunks and their static imports), and
 * each dictionary's. The server adds them to the page as <link rel=
 * "modulepreload"> and <link rel="preload" as="style">, so the browser
 * fetches them with the entry instead of one after another.
 */
function pagePreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'page-preloads',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir;
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const closure = (keys: string[]) => {
        const seen = new Set<string>();
        const walk = (k: string) => {
          if (seen.has(k)) return;
          if (!manifest[k]) throw new Error(`pages.json: ${k} is not a chunk of the build`);
          seen.add(k);
          manifest[k].imports?.forEach(walk);
        };
        keys.forEach(walk);
        return seen;
      };
      const entry = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
      const loaded = new Set([...closure(entry)].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]));
      const files = (keys: string[]) => {
        const all = [...closure(keys)].flatMap((k) => [...(manifest[k]!.css ?? []), manifest[k]!.file]);
        return [...new Set(all)].filter((f) => !loaded.has(f));
      };
      const out = {
        guest: pages.guest,
        pages: Object.fromEntries(Object.entries(pages.pages).map(([path, keys]) => [path, files(pages.guest.includes(path) ? keys : [pages.shell, ...keys])])),
        dictionaries: Object.fromEntries(Object.entries(pages.dictionaries).map(([lang, key]) => [lang, files([key])])),
      };
      writeFileSync(join(outDir, '.vite/pages.json'), JSON.stringify(out, null, 1));
    },
  };
}

export default defineConfig({
  plugins: [mantineCssPerComponent(), react(), pagePreloads()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/auth': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // See asyncUtilTimeout in src/test/setup.ts.
    testTimeout: 20_000,
  },
});
