// The web app's build (Vite + React + Tailwind) and its component-test project (Vitest + jsdom).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import type * as PageShellsModule from './src/shell/page-shells';

/** The file of the page shells, beside index.html (the server reads it: modules/seo/page-template.ts). */
const PAGE_SHELLS_FILE = 'page-shells.json';
/**
 * src/shell/page-shells.tsx bundled for Node, under the web build (the server loads it to render a category's cards:
 * modules/seo/page-template.ts); a dot folder, which the static files do not serve.
 */
const SHELL_RENDERER_DIR = '.server';
const SHELL_RENDERER_FILE = 'page-shells.js';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page a shell goes into: the built index.html with its module script and modulepreloads handed to
 * public/start-after-paint.js, which asks for them once the shell has painted.
 */
function shellPageOf(indexHtml: string): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html has no module script to start after the paint');
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const start = `<script type="module" src="/start-after-paint.js" data-app-entry="${entry}" data-app-preload="${preloads.join(' ')}"></script>`;
  // At the end of the body, after the shell: a module script waits for the document anyway.
  return indexHtml
    .replace(MODULE_PRELOAD, '')
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace('</body>', `  ${start}\n  </body>`);
}

/**
 * Bundles src/shell/page-shells.tsx for Node once the build is written (everything it imports inside, so that the
 * server needs nothing of the web app's packages), renders the page shells with it, so that the markup the server
 * sends before the JavaScript is never a hand-kept copy of the app's, and writes them with the page they go into
 * (shellPageOf). The server loads the same bundle to render a category's first page of cards.
 */
function pageShells(): Plugin {
  let outDir = '';
  return {
    name: 'pumpkart-page-shells',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const rendererDir = path.join(outDir, SHELL_RENDERER_DIR);
      await build({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'error',
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/shell/page-shells.tsx',
          outDir: rendererDir,
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: false,
          minify: false,
          target: 'node20',
          rolldownOptions: { output: { entryFileNames: SHELL_RENDERER_FILE } },
        },
      });
      const shells = (await import(
        pathToFileURL(path.join(rendererDir, SHELL_RENDERER_FILE)).href
      )) as typeof PageShellsModule;
      const page = shellPageOf(readFileSync(path.join(outDir, 'index.html'), 'utf8'));
      writeFileSync(
        path.join(outDir, PAGE_SHELLS_FILE),
        JSON.stringify({ page, ...(await shells.renderPageShells()) }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pageShells()],
  server: {
    port: 5173,
    // `npm run dev`: the API server runs on 3000; Vite serves the app with hot reload.
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
