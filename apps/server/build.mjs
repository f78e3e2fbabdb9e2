// Bundles the server into dist/main.js with esbuild. npm dependencies stay external (native modules,
// PGlite's WASM files); the workspace's own @pumpkart/shared is TypeScript source and is bundled in.
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@pumpkart/'));

const outfile = process.argv[2] ?? 'dist/main.js';
await build({
  // The server, and beside it the operator's command (`node dist/admin.js set-password <email>`).
  entryPoints: { [path.basename(outfile, '.js')]: 'src/main.ts', admin: 'src/cli/admin.ts' },
  // `node build.mjs dist-x/main.js` writes a private bundle (e.g. for a side-by-side browser run).
  outdir: path.dirname(outfile),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Dynamic imports (the e-mail templates, PDF rendering) become chunks of their own, so what they import is loaded
  // when they are first used, not at start (docs/decisions/0018-embedded-memory.md).
  splitting: true,
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// The sandbox payment window's browser files are read at run time from beside the bundle.
const outDir = path.dirname(process.argv[2] ?? 'dist/main.js');
cpSync('src/gateways/sandbox-assets', path.join(outDir, 'sandbox-assets'), { recursive: true });
