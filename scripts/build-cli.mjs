#!/usr/bin/env node
/**
 * Builds the command line into out/cli/: main.js (the CLI) and journal-worker.js (the journal's
 * thread, which worker-store.ts starts next to the file that holds it), ESM for Node 20, every npm
 * package left external so native modules (better-sqlite3-multiple-ciphers, keytar, pg) load from node_modules.
 * Modules imported with `await import()` become chunks beside them, so heavy packages load only
 * for the commands that use them.
 *
 * The build is atomic: it is written to a temporary folder and its files renamed into out/cli one
 * by one, main.js last, then the stamp (.stamp: the sources' signature, see sourceSignature), so a
 * CLI started meanwhile runs either the old build or the new one. Chunks of the build before are
 * kept one more build, for a CLI still running it.
 *
 * node scripts/build-cli.mjs, or import { buildCli } (bin/feed-desk.mjs builds a stale checkout).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CLI_OUT, ROOT, STAMP, sourceSignature } from './cli-sources.mjs';

const MANIFEST = '.files.json';

/** Leaves every npm package external (native modules load from node_modules) except those named. */
function externalPackagesBut(bundled) {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        // `@shared/x` is the project's shared/ folder (the alias below), not a package.
        if (args.path.startsWith('@shared/')) return undefined;
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** `import text from './x.sql?raw'` is the file's text, as under Vite (see bin/sql-text-hooks.mjs). */
const sqlText = {
  name: 'sql-text',
  setup(build) {
    build.onResolve({ filter: /\.sql\?raw$/ }, (args) => ({
      path: join(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'sql-text',
    }));
    build.onLoad({ filter: /.*/, namespace: 'sql-text' }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'text',
    }));
  },
};

/** The esbuild options of both entry points (out/cli/main.js, out/cli/journal-worker.js). */
export const cliBuildOptions = (outdir) => ({
  absWorkingDir: ROOT,
  entryPoints: {
    main: join(ROOT, 'electron/cli/main.ts'),
    'journal-worker': join(ROOT, 'electron/main/journal/sqlite/worker.ts'),
  },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Every package stays external but zod, which every start loads: bundled, it
  // is read as part of main.js instead of as many modules resolved one by one.
  plugins: [sqlText, externalPackagesBut(['zod'])],
  // `@shared/x` is shared/x (the alias of tsconfig.base.json's paths).
  alias: { '@shared': join(ROOT, 'shared') },
  // Chunks sit beside the entries: worker-store.ts finds ./journal-worker.js next to its own file.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});

/** Builds out/cli from the sources; returns the signature written to its stamp. */
export async function buildCli() {
  const signature = sourceSignature();
  mkdirSync(dirname(CLI_OUT), { recursive: true });
  const tmp = mkdtempSync(join(dirname(CLI_OUT), '.cli-build-'));
  try {
    const result = await build({ ...cliBuildOptions(tmp), metafile: true });
    const files = Object.keys(result.metafile.outputs).map((path) => path.slice(path.lastIndexOf('/') + 1));
    mkdirSync(CLI_OUT, { recursive: true });
    const previous = readManifest();
    // Chunks first, the entries last: an entry never names a chunk that is not there yet.
    const rank = (file) => ({ 'journal-worker.js': 1, 'main.js': 2 })[file] ?? 0;
    for (const file of files.toSorted((a, b) => rank(a) - rank(b))) renameSync(join(tmp, file), join(CLI_OUT, file));
    writeAtomic(MANIFEST, JSON.stringify(files));
    writeAtomic(STAMP, signature);
    // Files of neither this build nor the one before it (a CLI may still be running that one), and
    // not just written (by a build running beside this one from newer sources).
    const keep = new Set([...files, ...previous, MANIFEST, STAMP]);
    const old = Date.now() - 60_000;
    for (const file of readdirSync(CLI_OUT)) {
      const path = join(CLI_OUT, file);
      if (!keep.has(file) && statSync(path).mtimeMs < old) rmSync(path, { recursive: true, force: true });
    }
    return signature;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function readManifest() {
  try {
    return JSON.parse(readFileSync(join(CLI_OUT, MANIFEST), 'utf8'));
  } catch {
    return [];
  }
}

function writeAtomic(name, text) {
  const tmp = join(CLI_OUT, `${name}.${process.pid}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, join(CLI_OUT, name));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  await buildCli();
  const took = Math.round(performance.now() - started);
  console.log(`out/cli built in ${took} ms${existsSync(join(CLI_OUT, 'main.js')) ? '' : ' (main.js missing!)'}`);
}
