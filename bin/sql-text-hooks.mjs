// Node module hooks: `import text from './x.sql?raw'` gives the file's text, as Vite and vitest
// do natively. Registered by bin/run-ts.mjs (benchmarks, scripts) and playwright.config.ts (the
// e2e harness loads the main-process handlers from source); esbuild's CLI build has its own plugin.
import { readFile } from 'node:fs/promises';

const RAW = '?raw';

export async function resolve(specifier, context, next) {
  if (specifier.endsWith(`.sql${RAW}`)) {
    return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.endsWith(`.sql${RAW}`)) {
    const text = await readFile(new URL(url.slice(0, -RAW.length)), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  return next(url, context);
}
