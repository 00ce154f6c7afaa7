/** Loads keytar and better-sqlite3-multiple-ciphers in a child runtime (Node, or Electron as Node) and rebuilds them for Node when needed. */
import { spawnSync } from 'node:child_process';

/** What each probe runs: better-sqlite3-multiple-ciphers loads its addon only when a database opens. */
const PROBES = {
  keytar: "require('keytar')",
  'better-sqlite3-multiple-ciphers': "new (require('better-sqlite3-multiple-ciphers'))(':memory:').close()",
};

/** The NODE_MODULE_VERSION a module was built for and the one the runtime needs, or null when the error is not an ABI mismatch. */
export function abiMismatch(errorText) {
  const match = /NODE_MODULE_VERSION (\d+)\.\s+This version of \S+ requires\s+NODE_MODULE_VERSION (\d+)/.exec(
    errorText,
  );
  return match ? { builtFor: Number(match[1]), runtimeNeeds: Number(match[2]) } : null;
}

/** True when the module is installed but its addon is not built (a failed or interrupted rebuild removes it). */
export function addonMissing(errorText) {
  return /Could not locate the bindings file|Cannot find module '[^']*\.node'/.test(errorText);
}

/** The first line of a child's error output that names the error (not the source excerpt or the stack). */
export function errorLine(errorText) {
  const lines = errorText.split('\n').map((line) => line.trim());
  return lines.find((line) => /^\w*Error\b/.test(line)) ?? lines.find((line) => line !== '') ?? 'no output';
}

/** Tries each module in `command -e` (node, or Electron with ELECTRON_RUN_AS_NODE=1); returns the ones that fail. */
export function probeNativeModules(command, { cwd, env = {} } = {}) {
  return Object.entries(PROBES).flatMap(([name, code]) => {
    const result = spawnSync(command, ['-e', code], { cwd, env: { ...process.env, ...env }, encoding: 'utf8' });
    if (result.status === 0) return [];
    const text = result.stderr || String(result.error ?? `exit code ${result.status}`);
    const mismatch = abiMismatch(text);
    return [{ name, mismatch, needsBuild: mismatch !== null || addonMissing(text), reason: errorLine(text) }];
  });
}

/** "better-sqlite3-multiple-ciphers (built for NODE_MODULE_VERSION 150, needs 115)", or "(not built)", for each module. */
export function describeStale(failures) {
  return failures
    .map(({ name, mismatch }) =>
      mismatch
        ? `${name} (built for NODE_MODULE_VERSION ${mismatch.builtFor}, needs ${mismatch.runtimeNeeds})`
        : `${name} (not built)`,
    )
    .join(', ');
}

/** Makes keytar and better-sqlite3-multiple-ciphers load under this Node: `npm rebuild` of those built for another runtime, saying so. */
export function ensureNodeBuilds(cwd) {
  const stale = probeNativeModules(process.execPath, { cwd }).filter((failure) => failure.needsBuild);
  if (stale.length === 0) return true;
  const names = stale.map((failure) => failure.name).join(' ');
  console.log(`\n=== native modules: ${describeStale(stale)} under Node ${process.version}`);
  console.log(`npm start builds them for Electron; rebuilding them for Node: npm rebuild ${names}`);
  const rebuild = spawnSync('npm', ['rebuild', ...names.split(' ')], { cwd, stdio: 'inherit' });
  if (rebuild.status === 0 && !probeNativeModules(process.execPath, { cwd }).some((failure) => failure.needsBuild))
    return true;
  console.error(`npm rebuild ${names} did not make them load under Node: the suites that use them will fail`);
  return false;
}
