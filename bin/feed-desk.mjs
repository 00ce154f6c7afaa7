#!/usr/bin/env node
// Runs the built CLI, out/cli/main.js. In a checkout whose sources are newer than that build (or
// that has none), it builds it first (scripts/build-cli.mjs: esbuild, atomic, about 0.3 s). Where it
// cannot be built (no esbuild: an install without devDependencies; a read-only install), the
// build that ships is run as it is.
import { existsSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const built = new URL('out/cli/main.js', root);
const fail = (message) => {
  process.stderr.write(`feed-desk: ${message}\n`);
  process.exit(1);
};

if (existsSync(new URL('electron/cli/main.ts', root)) && existsSync(new URL('scripts/cli-sources.mjs', root))) {
  const { cliIsStale } = await import(new URL('scripts/cli-sources.mjs', root).href);
  if (cliIsStale()) {
    let buildCli;
    try {
      ({ buildCli } = await import(new URL('scripts/build-cli.mjs', root).href));
    } catch (err) {
      if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
      if (!existsSync(built)) fail(`cannot build out/cli/main.js: ${err.message.split('\n')[0]} (run npm install)`);
    }
    try {
      await buildCli?.();
    } catch (err) {
      const refused = ['EACCES', 'EPERM', 'EROFS'].includes(err?.code);
      // esbuild has printed its errors (file, line, column) above.
      const why = Array.isArray(err?.errors) ? 'see the errors above' : String(err?.message ?? err).split('\n')[0];
      if (!refused || !existsSync(built)) fail(`building out/cli failed: ${why}`);
    }
  }
}
if (!existsSync(built)) fail('out/cli/main.js is missing: build it from a checkout (npm run build:cli)');
await import(built.href);
