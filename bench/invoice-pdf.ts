/**
 * How long one tax invoice PDF takes to render (CGST Rule 46; docs/decisions/0009-gst-tax-computation.md): the
 * median of 20 renders of the example invoices, after a warm-up that reads the fonts. A figure, not a test.
 *
 *   npx tsx bench/invoice-pdf.ts
 *   npx tsx bench/invoice-pdf.ts --out=/tmp/pdf   # also writes every example document there, to look at
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderTaxDocumentPdf } from '../apps/server/src/modules/invoices/pdf';
import { INTRA_STATE, LARGE_TOTAL, LONG_ORDER, PDF_FIXTURES } from '../apps/server/src/modules/invoices/pdf-fixtures';

const RUNS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const cases = [
  { name: 'invoice, 3 lines + delivery', doc: INTRA_STATE },
  { name: 'invoice of ₹1,23,45,678.90', doc: LARGE_TOTAL },
  { name: 'invoice, 60 lines (5 pages)', doc: LONG_ORDER },
];

for (const { doc } of cases) await renderTaxDocumentPdf(doc); // fonts read, code warmed up

const outDir = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
if (outDir) {
  mkdirSync(outDir, { recursive: true });
  for (const [name, doc] of Object.entries(PDF_FIXTURES)) {
    writeFileSync(path.join(outDir, `${name}.pdf`), await renderTaxDocumentPdf(doc));
  }
  console.log(`Wrote ${Object.keys(PDF_FIXTURES).length} example documents to ${outDir}`);
}

console.log(`Tax invoice PDF render time, median of ${RUNS} (node ${process.version})`);
for (const { name, doc } of cases) {
  const times: number[] = [];
  let first: Buffer | undefined;
  let same = true;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const pdf = await renderTaxDocumentPdf(doc);
    times.push(performance.now() - start);
    if (first && !first.equals(pdf)) same = false;
    first ??= pdf;
  }
  console.log(
    `  ${name.padEnd(30)} median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, ` +
      `max ${Math.max(...times).toFixed(1)} ms, ${((first?.length ?? 0) / 1024).toFixed(1)} KiB` +
      `${same ? ', identical bytes every time' : ', BYTES DIFFER between renders'}`,
  );
}
