#!/usr/bin/env node
// Finds import circles across electron/, shared/ and renderer/, type-only imports included (ESLint's
// import/no-cycle skips those). Prints each circle and exits 1, or prints nothing and exits 0.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['electron', 'shared', 'renderer'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];

/** Every source file under the checked folders, as absolute paths. */
function sourceFiles() {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
}

/** The project files `file` imports (static, type-only, re-exported or dynamic): relative specifiers and `@shared/*`. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .map((spec) => (spec.startsWith('@shared/') ? join(ROOT, 'shared', spec.slice('@shared/'.length)) : spec))
    .filter((spec) => spec.startsWith('.') || spec.startsWith(ROOT))
    .flatMap((spec) => {
      const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
      const found = EXTENSIONS.map((ext) => base + ext).find((path) => SOURCE.test(path) && existsSync(path));
      return found ? [found] : [];
    });
}

/** Strongly connected components with more than one file, or a file that imports itself (Tarjan). */
export function circles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  function visit(node) {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
    }
    if (meta.get(node).low === meta.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  }
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = new Map(sourceFiles().map((file) => [file, importsOf(file)]));
  const found = circles(graph);
  for (const component of found)
    console.error(`import circle: ${component.map((file) => relative(ROOT, file)).join(' <-> ')}`);
  if (found.length > 0) process.exit(1);
}
