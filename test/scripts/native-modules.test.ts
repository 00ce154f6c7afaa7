import { describe, expect, it } from 'vitest';
import {
  abiMismatch,
  addonMissing,
  describeStale,
  errorLine,
  probeNativeModules,
} from '../../scripts/native-modules.mjs';

/** Node 20's own words for better-sqlite3-multiple-ciphers built by Node 22 (captured; npm start's Electron build reads the same). */
const mismatchError = `/work/main/node_modules/bindings/bindings.js:121
        throw e;
        ^

Error: The module '/work/main/node_modules/better-sqlite3-multiple-ciphers/build/Release/better_sqlite3.node'
was compiled against a different Node.js version using
NODE_MODULE_VERSION 127. This version of Node.js requires
NODE_MODULE_VERSION 115. Please try re-compiling or re-installing
the module (for instance, using \`npm rebuild\` or \`npm install\`).
    at Module._extensions..node (node:internal/modules/cjs/loader:1661:18)
    at bindings (/work/main/node_modules/bindings/bindings.js:112:48)
    at new Database (/work/main/node_modules/better-sqlite3-multiple-ciphers/lib/database.js:48:64) {
  code: 'ERR_DLOPEN_FAILED'
}

Node.js v20.20.2`;

/** After a failed rebuild (captured): the build directory is gone. */
const missingError = `/work/main/node_modules/bindings/bindings.js:135
  throw err;
  ^

Error: Could not locate the bindings file. Tried:
 → /work/main/node_modules/better-sqlite3-multiple-ciphers/build/better_sqlite3.node
 → /work/main/node_modules/better-sqlite3-multiple-ciphers/build/Release/better_sqlite3.node
    at bindings (/work/main/node_modules/bindings/bindings.js:126:9)`;

describe('abiMismatch', () => {
  it('reads the built-for and required NODE_MODULE_VERSION off the loader error', () => {
    expect(abiMismatch(mismatchError)).toEqual({ builtFor: 127, runtimeNeeds: 115 });
  });

  it('reads them when the message is on one line', () => {
    expect(abiMismatch(mismatchError.replace(/\n/g, ' '))).toEqual({ builtFor: 127, runtimeNeeds: 115 });
  });

  it('is null for load failures that are not an ABI mismatch', () => {
    expect(abiMismatch(missingError)).toBeNull();
    expect(abiMismatch("Error: Cannot find module 'keytar'")).toBeNull();
    expect(
      abiMismatch('Error: libsecret-1.so.0: cannot open shared object file: No such file or directory'),
    ).toBeNull();
    expect(abiMismatch('')).toBeNull();
  });
});

describe('addonMissing', () => {
  it('recognises an installed module whose addon is not built (bindings, or a direct require of the .node file)', () => {
    expect(addonMissing(missingError)).toBe(true);
    expect(addonMissing("Error: Cannot find module '../build/Release/keytar.node'")).toBe(true);
  });

  it('is false for a module that is not installed at all, or for a mismatch', () => {
    expect(addonMissing("Error: Cannot find module 'keytar'")).toBe(false);
    expect(addonMissing(mismatchError)).toBe(false);
  });
});

describe('errorLine', () => {
  it('picks the line naming the error, not the source excerpt or the stack', () => {
    expect(errorLine(mismatchError)).toBe(
      "Error: The module '/work/main/node_modules/better-sqlite3-multiple-ciphers/build/Release/better_sqlite3.node'",
    );
    expect(errorLine('TypeError: fetch failed\n    at async FetchDownloader.download (x.js:46:30)')).toBe(
      'TypeError: fetch failed',
    );
  });

  it('falls back to the first non-empty line, then to "no output"', () => {
    expect(errorLine('\nsomething odd\n')).toBe('something odd');
    expect(errorLine('')).toBe('no output');
  });
});

describe('describeStale', () => {
  it('names each module with the ABI it was built for and the one needed, or says it is not built', () => {
    const failures = [
      { name: 'better-sqlite3-multiple-ciphers', mismatch: abiMismatch(mismatchError), needsBuild: true, reason: '' },
      { name: 'keytar', mismatch: null, needsBuild: true, reason: '' },
    ];
    expect(describeStale(failures)).toBe(
      'better-sqlite3-multiple-ciphers (built for NODE_MODULE_VERSION 127, needs 115), keytar (not built)',
    );
  });
});

describe('probeNativeModules', () => {
  it('loads keytar and better-sqlite3-multiple-ciphers (opening a database) under this Node', () => {
    expect(probeNativeModules(process.execPath, { cwd: process.cwd() })).toEqual([]);
  });

  it('reports a module that cannot be found with its reason, and nothing to rebuild', () => {
    const failures = probeNativeModules(process.execPath, { cwd: '/' });
    expect(failures.map((failure) => failure.name)).toEqual(['keytar', 'better-sqlite3-multiple-ciphers']);
    expect(failures[0]).toMatchObject({
      mismatch: null,
      needsBuild: false,
      reason: expect.stringContaining("Cannot find module 'keytar'"),
    });
  });
});
