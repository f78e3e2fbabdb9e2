// Writes brotli (.br) and gzip (.gz) copies of the built web app's text files, once at build time,
// so the server sends them compressed without spending CPU per request (@fastify/static
// `preCompressed`). Usage: node scripts/precompress.mjs <dist dir>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs <dist dir>');
  process.exit(2);
}
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

let raw = 0;
let brotli = 0;
let files = 0;
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  // Dot folders are never served: .server holds the page shells' renderer for the server (apps/web/vite.config.ts).
  if (
    path
      .relative(dir, file)
      .split(path.sep)
      .some((part) => part.startsWith('.'))
  )
    continue;
  if (statSync(file).size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  brotli += br.length;
  files += 1;
}
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} kB -> ${(brotli / 1024).toFixed(0)} kB brotli`);
