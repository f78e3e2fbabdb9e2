// `npm run lint` step: no import cycle between the modules of apps/web, apps/server and packages/shared. A cycle
// makes a module run before the one it imports has finished (an undefined export at start-up) and ties two layers
// into one. Reads the static imports (`import type` is left out: it is gone at run time) with plain regular
// expressions, which takes well under a second where ESLint's cycle rule would take minutes.
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];
/** The workspace package's name, imported as a package, resolved to its source. */
const PACKAGES = { '@pumpkart/shared': 'packages/shared/src/index.ts' };

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolve(from, specifier) {
  if (PACKAGES[specifier]) return PACKAGES[specifier];
  if (!specifier.startsWith('.')) return null;
  const base = path.join(path.dirname(from), specifier.split('?')[0].replace(/\.js$/, ''));
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (/\.tsx?$/.test(file) && existsSync(path.join(root, file))) return file;
  }
  return null;
}

/** Whether the import takes only types (`import { type A, type B } from`), which leaves nothing at run time. */
const typesOnly = (statement) => {
  const names = /\{([^}]*)\}/.exec(statement)?.[1];
  if (!names || /^\s*(?:import|export)\s+[\w$]+\s*,/.test(statement)) return false;
  const parts = names
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => part.startsWith('type '));
};

export function importGraph(files, read) {
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const match of read(file).matchAll(IMPORT)) {
      if (match[1] && typesOnly(match[0])) continue;
      const target = resolve(file, match[1] ?? match[2]);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan), each sorted. */
export function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!indexOf.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), indexOf.get(target)));
      }
    }
    if (low.get(file) === indexOf.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...SOURCES], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.d\.ts$/.test(file) && existsSync(path.join(root, file)));
  const problems = cycles(importGraph(files, (file) => readFileSync(path.join(root, file), 'utf8')));
  if (problems.length > 0) {
    console.error('Import cycles (each line: the files that import each other, directly or round a loop):');
    for (const component of problems) console.error(`  ${component.join('  ')}`);
    process.exit(1);
  }
  console.log(`No import cycle in ${files.length} modules.`);
}
