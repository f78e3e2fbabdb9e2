// `npm run lint` step: every reason the code and the docs give must be one a reader can open in
// this repository. Fails when a tracked file cites a document that is not here (the original
// product brief's section numbers, design notes kept outside the repository, or issue numbers of a
// tracker a clone does not have). Cite docs/shop-rules.md#anchor, docs/architecture.md or a
// decision record in docs/decisions/ instead.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** What a citation of a document outside the repository looks like. */
export const FOREIGN_CITATIONS = [
  {
    pattern: /\bspec(?:ification)?(?:'s)?\s+(?:sections?|§)\s*\d/i,
    what: 'a section number of the original specification',
  },
  { pattern: /\bsections?\s+\d+(?:\.\d+)?\s+of\s+the\s+spec/i, what: 'a section number of the original specification' },
  { pattern: /\bDESIGN(?:\.md)?(?:\s+sections?)?\s+\d/, what: 'a section of design notes kept outside the repository' },
  { pattern: /\b(?:DESIGN|STYLE|TOOLCHAIN)(?:\.md)?\s+(?:rule|section)\b/, what: 'notes kept outside the repository' },
  { pattern: /\b(?:DESIGN|STYLE|TOOLCHAIN)\.md\b/, what: 'notes kept outside the repository' },
  { pattern: /\b(?:DESIGN|STYLE|TOOLCHAIN):/, what: 'notes kept outside the repository' },
  { pattern: /shop-spec\.md/, what: 'the original specification file' },
  { pattern: /\.\.\/shared\//, what: 'a path outside the repository' },
  { pattern: /\bissue\s+#?\d+/i, what: 'an issue number' },
];

const SKIPPED = [
  /^package-lock\.json$/,
  /\.(png|jpe?g|webp|gif|ico|woff2?|pdf|csv)$/i,
  /^bench\/results\//,
  /^apps\/server\/drizzle\/meta\//,
];

export function findForeignCitations(files) {
  const problems = [];
  for (const file of files) {
    if (SKIPPED.some((skip) => skip.test(file)) || file === 'scripts/check-citations.mjs') continue;
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree
    }
    text.split('\n').forEach((line, index) => {
      for (const { pattern, what } of FOREIGN_CITATIONS) {
        if (pattern.test(line)) {
          problems.push(`${file}:${index + 1}: cites ${what}: ${line.trim().slice(0, 120)}`);
          break;
        }
      }
    });
  }
  return problems;
}

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const problems = findForeignCitations(tracked);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} citation(s) of documents that are not in this repository: cite docs/shop-rules.md#<anchor>, docs/architecture.md or docs/decisions/ instead.`,
  );
  process.exit(1);
}
console.log('citations: every cited document is in the repository');
