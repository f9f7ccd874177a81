import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

const root = fileURLToPath(new URL('./', import.meta.url));
/** What the first build pass learns (see fewChunks): the entry's own modules, and those /login loads. */
const guestModulesFile = join(root, 'node_modules/.cache/cashcontrol-guest-modules.json');
/** A dictionary and its parts (signedin/, signin/, account/…): a chunk per language, a page loads only the one it shows. */
const dictionary = /[\\/]src[\\/]shared[\\/]i18n[\\/](?:[a-z]+[\\/])?(?:en|es|fr)\.ts$/;
/** The charts' libraries: only the screens that draw charts load them. */
const charts =
  /[\\/]node_modules[\\/](recharts|@mantine[\\/]charts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|es-toolkit|eventemitter3|immer|@reduxjs|redux|redux-thunk|reselect|react-redux|use-sync-external-store|tiny-invariant)[\\/]/;
/** Libraries that one screen uses (receipts' drop zone): they stay with it. */
const oneScreen = /[\\/]node_modules[\\/](@mantine[\\/]dropzone|react-dropzone|file-selector|attr-accept)[\\/]/;
/** Libraries loaded on a click (passkeys' WebAuthn calls): their own chunk, which no page preloads. */
const onClick = /[\\/]node_modules[\\/]@simplewebauthn[\\/]/;
/** The receipt reader's OCR library and what it uses: loaded when someone reads a receipt, with the reader's chunk. */
const ocrLibrary = /[\\/]node_modules[\\/]tesseract\.js[\\/]/;
/** Libraries, shared code and the signed-in frame: what every signed-in page runs. */
const appCode = /[\\/]src[\\/](shared|app[\\/]layout)[\\/]|[\\/]node_modules[\\/]/;

/**
 * Few files per page. Left to itself the bundler makes a chunk of each set of
 * modules that the same screens share: a hundred small files per signed-in
 * page (a Mantine component, an icon, a helper each), and starting them kept
 * the first paint waiting long after the page's data had come. So the build
 * runs twice (npm run build):
 * - The first pass (CC_BUILD_PASS=guest) chunks as the bundler likes and
 *   notes which modules /login loads (app/boot.tsx and its screen with what
 *   they import, after tree-shaking; the entry, main.tsx, stays apart).
 * - The second makes of those one chunk, "guest" (what every page runs), and
 *   of the libraries and shared code that the signed-in pages add one more,
 *   "app" (with its CSS: the Mantine components of every signed-in screen).
 * Each screen keeps its own chunk, each language its dictionary, and the
 * charts theirs. /login loads what it loaded before, in a few files; a
 * signed-in page about ten. Without the first pass's note (tests, the dev
 * server) the bundler chunks as it likes.
 */
function fewChunks(): { plugin: Plugin; groups: { name: string; priority: number; test: (id: string) => boolean }[] } {
  const firstPass = process.env.CC_BUILD_PASS === 'guest';
  const plugin: Plugin = {
    name: 'few-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      if (!firstPass) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const seen = new Set<string>();
      const walk = (file: string) => {
        const c = byFile.get(file);
        if (!c || seen.has(file)) return;
        seen.add(file);
        c.imports.forEach(walk);
      };
      const starts = new Set(pages.guest.flatMap((page) => (pages.pages as Record<string, string[]>)[page] ?? []).map((f) => join(root, f)));
      // The entry only starts app/boot.tsx once the page has painted: what
      // /login runs starts there.
      const entries = chunks.filter((c) => c.isEntry);
      entries.forEach((c) => seen.add(c.fileName));
      entries.forEach((c) => c.dynamicImports.forEach(walk));
      chunks.filter((c) => c.facadeModuleId !== null && starts.has(c.facadeModuleId)).forEach((c) => walk(c.fileName));
      const entry = entries.flatMap((c) => c.moduleIds);
      const guest = [...seen].filter((f) => !entries.some((c) => c.fileName === f)).flatMap((f) => byFile.get(f)!.moduleIds);
      mkdirSync(dirname(guestModulesFile), { recursive: true });
      writeFileSync(guestModulesFile, JSON.stringify({ entry, guest }));
    },
  };
  if (firstPass || !existsSync(guestModulesFile)) return { plugin, groups: [] };
  const noted = JSON.parse(readFileSync(guestModulesFile, 'utf8')) as { entry: string[]; guest: string[] };
  const entry = new Set(noted.entry);
  const guest = new Set(noted.guest);
  // The modules a page loads on demand keep their own chunks (pages.json names them).
  const onDemand = new Set([pages.shell, ...Object.values(pages.pages).flat(), ...Object.values(pages.dictionaries)].map((f) => join(root, f)));
  const grouped = (id: string) => !onDemand.has(id) && !dictionary.test(id);
  return {
    plugin,
    groups: [
      // The bundler's preload helper apart: a lazy chunk that imported it from the
      // entry would name the entry's styles (inside index.html) among its own.
      { name: 'preload', priority: 35, test: (id) => id.includes('vite/preload-helper') },
      // The entry keeps its own few modules.
      { name: 'index', priority: 30, test: (id) => entry.has(id) },
      { name: 'guest', priority: 20, test: (id) => guest.has(id) && grouped(id) },
      {
        name: 'app',
        priority: 10,
        test: (id) => !guest.has(id) && appCode.test(id) && grouped(id) && !charts.test(id) && !oneScreen.test(id) && !onClick.test(id) && !ocrLibrary.test(id),
      },
    ],
  };
}

const chunks = fewChunks();

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * Preload what the first paint needs: after the build, dist/.vite/pages.json
 * lists for each page of src/app/pages.json the JavaScript and CSS files it
 * loads beyond the entry's (its lazy chunks and their static imports), and
 * each dictionary's; "boot" is what the entry loads itself once the page has
 * painted (app/boot.tsx), for a page not listed. The server adds them to the
 * page as <link rel="modulepreload"> and <link rel="preload" as="style">, so
 * the browser fetches them with the entry instead of one after another.
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
      const boot = entry.flatMap((k) => manifest[k]!.dynamicImports ?? []);
      const out = {
        guest: pages.guest,
        boot: files(boot),
        pages: Object.fromEntries(Object.entries(pages.pages).map(([path, keys]) => [path, files(pages.guest.includes(path) ? keys : [pages.shell, ...keys])])),
        dictionaries: Object.fromEntries(Object.entries(pages.dictionaries).map(([lang, key]) => [lang, files([key])])),
      };
      writeFileSync(join(outDir, '.vite/pages.json'), JSON.stringify(out, null, 1));
    },
  };
}

/** The global styles' file, as the build names it after index.html. */
const entryStyles = /^assets\/index-[\w-]+\.css$/;

/**
 * The global styles (src/app/entry.css, linked from index.html: Mantine's
 * global styles and ours, a few KB) go inside index.html, and no chunk
 * lists them as its own (which would load them again): the browser paints
 * the page's own HTML as soon as it has it, instead of after one more request
 * (the server sends many others with the page). The server's
 * Content-Security-Policy allows inline styles.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'inline-entry-styles',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w-]+\.css)">/g, (_tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset' || !entryStyles.test(file)) throw new Error(`inlineEntryStyles: ${file} is not the global styles' file`);
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * The API reference (/api/docs, internal/server/apidocs.go): Scalar's standalone
 * bundle, the page (api-docs/index.html) and its start-up script
 * (api-docs/start.js), written to dist/api-docs/ beside the app and apart from
 * its chunks, so no page of the app loads a byte of it. The scripts' names
 * carry Scalar's version and the start-up script's hash, which lets the server
 * cache them for a year. Scalar's bundle is stored gzip-compressed only
 * (scalar-<version>.js.gz: 1.3 MB instead of 4.8 in the binary), which the
 * server sends as it is to a browser that takes gzip. Only the final pass of
 * npm run build writes them.
 */
function apiDocs(): Plugin {
  const scalar = join(root, 'node_modules/@scalar/api-reference');
  return {
    name: 'api-docs',
    apply: 'build',
    generateBundle() {
      if (process.env.CC_BUILD_PASS === 'guest') return;
      const { version } = JSON.parse(readFileSync(join(scalar, 'package.json'), 'utf8')) as { version: string };
      // Its source map (20 MB) stays out of the binary, and so does the comment naming it.
      const bundle = readFileSync(join(scalar, 'dist/browser/standalone.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
      const start = readFileSync(join(root, 'api-docs/start.js'));
      const hash = createHash('sha256').update(start).digest('hex').slice(0, 10);
      let page = readFileSync(join(root, 'api-docs/index.html'), 'utf8');
      for (const [name, versioned, source, stored] of [
        ['scalar.js', `scalar-${version}.js`, gzipSync(bundle, { level: 9 }), `scalar-${version}.js.gz`],
        ['start.js', `start-${hash}.js`, start, `start-${hash}.js`],
      ] as const) {
        const src = `src="/api/docs/${name}"`;
        if (!page.includes(src)) throw new Error(`apiDocs: api-docs/index.html does not load /api/docs/${name}`);
        page = page.replace(src, `src="/api/docs/${versioned}"`);
        this.emitFile({ type: 'asset', fileName: `api-docs/${stored}`, source });
      }
      this.emitFile({ type: 'asset', fileName: 'api-docs/index.html', source: page });
    },
  };
}

/**
 * The receipt reader's OCR engine (features/movements/receipt/ocr.ts), served
 * by our own binary and nowhere else: tesseract.js's worker script and its
 * core (the relaxed-SIMD and SIMD builds with LSTM only: ocr.ts picks the one
 * the browser runs; browsers without WebAssembly SIMD are not served), in one
 * folder, since the core's script looks for its .wasm beside the worker's;
 * and the Spanish, English and French data ("best_int", the smallest).
 * Written to dist/assets/ocr/<package>-<version>/ so that the server caches
 * them for a year. Each core's WebAssembly is its own .wasm file, stored
 * gzip-compressed (2.86 MB → 1.06 MB each, in the binary too; the script
 * builds with the WebAssembly inside as text took 1.45 MB each), which the
 * browser compiles while it downloads; the scripts are compressed with the
 * app's (scripts/compress-dist.mjs). The server sends a stored .gz as it is to
 * a browser that takes gzip (spa.go). The language data comes compressed
 * already (tesseract.js unpacks it). None of it is precached by the service
 * worker: the reader fetches it the first time someone reads a receipt.
 * ocrPaths is what the app is built with (define: __OCR_PATHS__).
 */
const ocrPackages = {
  worker: 'tesseract.js',
  core: 'tesseract.js-core',
  eng: '@tesseract.js-data/eng',
  spa: '@tesseract.js-data/spa',
  fra: '@tesseract.js-data/fra',
} as const;
const versionOf = (pkg: string) => (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
/** The folder of each part: one version of the data for the three languages (the packages are released together). */
const ocrDirs = {
  engine: `assets/ocr/engine-${versionOf(ocrPackages.worker)}-${versionOf(ocrPackages.core)}`,
  lang: `assets/ocr/lang-${[...new Set((['eng', 'spa', 'fra'] as const).map((l) => versionOf(ocrPackages[l])))].join('-')}`,
};
/** The two builds of the core, by the WebAssembly feature each needs. */
const ocrCores = { relaxedSimd: 'tesseract-core-relaxedsimd-lstm', simd: 'tesseract-core-simd-lstm' } as const;
export const ocrPaths = {
  workerPath: `/${ocrDirs.engine}/worker.min.js`,
  corePaths: { relaxedSimd: `/${ocrDirs.engine}/${ocrCores.relaxedSimd}.js`, simd: `/${ocrDirs.engine}/${ocrCores.simd}.js` },
  langPath: `/${ocrDirs.lang}`,
};

function ocrFiles(): Plugin {
  return {
    name: 'ocr-files',
    apply: 'build',
    generateBundle() {
      if (process.env.CC_BUILD_PASS === 'guest') return;
      const from = (pkg: string, file: string) => readFileSync(join(root, 'node_modules', pkg, file));
      this.emitFile({ type: 'asset', fileName: `${ocrDirs.engine}/worker.min.js`, source: from(ocrPackages.worker, 'dist/worker.min.js') });
      for (const core of Object.values(ocrCores)) {
        this.emitFile({ type: 'asset', fileName: `${ocrDirs.engine}/${core}.js`, source: from(ocrPackages.core, `${core}.js`) });
        this.emitFile({ type: 'asset', fileName: `${ocrDirs.engine}/${core}.wasm.gz`, source: gzipSync(from(ocrPackages.core, `${core}.wasm`), { level: 9 }) });
      }
      for (const lang of ['eng', 'spa', 'fra'] as const) {
        this.emitFile({
          type: 'asset',
          fileName: `${ocrDirs.lang}/${lang}.traineddata.gz`,
          source: from(ocrPackages[lang], `4.0.0_best_int/${lang}.traineddata.gz`),
        });
      }
    },
  };
}

/**
 * The installable app: the web app manifest (dist/manifest.webmanifest, linked
 * from index.html) and the service worker (sw/sw.ts → dist/sw.js), which
 * precaches the app's files: the entry, every screen's chunk and
 * dictionary, the styles and the icons, but not the API reference (3 MB,
 * never used offline) nor the build's notes (.vite/). The app registers the
 * worker itself (app/boot.tsx), after the first paint. Only the final pass of
 * npm run build makes them.
 */
function installableApp() {
  return VitePWA({
    disable: process.env.CC_BUILD_PASS === 'guest',
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: [],
    manifest: {
      name: 'Cash Control',
      short_name: 'Cash Control',
      description: 'Your accounts, movements, categories and reports on your own server.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The light theme's: its primary blue (the logo's), on its white body.
      theme_color: '#1c7ed6',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/*.png'],
      // The receipt reader's engine and languages (~9 MB) are fetched when someone reads a receipt, never before.
      globIgnores: ['assets/ocr/**'],
      // The charts' library is the largest chunk (~440 KB before compression).
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig({
  plugins: [mantineCssPerComponent(), react(), chunks.plugin, pagePreloads(), inlineEntryStyles(), apiDocs(), ocrFiles(), installableApp()],
  define: { __OCR_PATHS__: JSON.stringify(ocrPaths) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/auth': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // See asyncUtilTimeout in src/test/setup.ts.
    testTimeout: 90_000,
    // One worker a core: Vitest's default keeps a core for itself, which on
    // a 2-core machine ran the files one at a time.
    maxWorkers: availableParallelism(),
  },
});
