/** Regenerates the figures in bench/README.md from bench/results/latest.json (`tsx bench/readme.ts`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR } from './lib/options';
import { updateReadme } from './lib/report';
import type { BenchResults } from './lib/results';

const file = path.join(BENCH_DIR, 'results', process.argv[2] ?? 'latest.json');
updateReadme(JSON.parse(readFileSync(file, 'utf8')) as BenchResults);
console.log(`bench/README.md updated from ${path.relative(process.cwd(), file)}`);
