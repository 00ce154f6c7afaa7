import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];

/** A checkout with scripts/ and an electron package whose binary is absent; `installJs` stands in for its installer. */
function checkout(installJs?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'feed-desk-start-'));
  dirs.push(root);
  mkdirSync(join(root, 'scripts'));
  for (const file of ['start.mjs', 'native-modules.mjs', 'preflight.mjs', 'setup.mjs'])
    copyFileSync(join(repo, 'scripts', file), join(root, 'scripts', file));
  if (installJs !== undefined) {
    mkdirSync(join(root, 'node_modules', 'electron'), { recursive: true });
    writeFileSync(
      join(root, 'node_modules', 'electron', 'package.json'),
      '{ "name": "electron", "version": "45.4.1" }',
    );
    writeFileSync(join(root, 'node_modules', 'electron', 'install.js'), installJs);
  }
  return root;
}

function start(root: string, env: Record<string, string> = {}) {
  const inherited = { ...process.env };
  delete inherited.ELECTRON_SKIP_BINARY_DOWNLOAD;
  delete inherited.ELECTRON_EXEC_PATH;
  // These cases are about what comes after the Node check; that check has its own case below.
  inherited.FEED_DESK_ANY_NODE = '1';
  // The set-up step (packages) has its own cases in setup.test.ts.
  inherited.FEED_DESK_NO_SETUP = '1';
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderrLines: result.stderr.trimEnd().split('\n') };
}

afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('npm start on an older Node', () => {
  it('says in one sentence that the app needs Node 22.12, how to get it, and what runs here instead, exit 1', () => {
    const root = checkout('process.exit(0)');
    const { status, stdout, stderrLines } = start(root, { FEED_DESK_ANY_NODE: '' });
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    if (major > 22 || (major === 22 && minor >= 12)) {
      // This Node is new enough: the check lets it through to the binary step (no line about Node).
      expect(stderrLines.join('\n')).not.toMatch(/needs Node/);
      return;
    }
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderrLines).toEqual([
      expect.stringMatching(
        /^npm start: the desktop app cannot run here: Electron's tooling needs Node 22\.12.*nvm install 22/,
      ),
    ]);
    expect(stderrLines[0]).toContain('`npx feed-desk submit examples/entry.json`');
  });
});

describe('npm start without Electron binary', () => {
  const fix = 'run `node node_modules/electron/install.js` on a machine with internet access';

  it('with ELECTRON_SKIP_BINARY_DOWNLOAD set: one line naming what is missing and the command, exit 1', () => {
    const { status, stdout, stderrLines } = start(checkout('process.exit(0)'), { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toMatch(
      /^npm start: the desktop app cannot run here: Electron 45\.4\.1's binary is not installed \(node_modules\/electron\/dist\/\)/,
    );
    expect(stderrLines[0]).toContain('what runs here is the sandbox and the command line');
    expect(stderrLines[0]).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
    expect(stderrLines[0]).toContain(fix);
  });

  it('when the download fails: says so in one line with the reason, no stack trace, exit 1', () => {
    const installer = `console.error(new TypeError('fetch failed').stack); process.exit(1);`;
    const { status, stdout, stderrLines } = start(checkout(installer));
    expect(status).toBe(1);
    expect(stdout).toContain("Downloading Electron 45.4.1's binary");
    expect(stderrLines).toHaveLength(1);
    expect(stderrLines[0]).toContain('the download failed (TypeError: fetch failed)');
    expect(stderrLines[0]).toContain(fix);
    expect(stderrLines[0]).not.toMatch(/\bat /);
  });

  it('without node_modules/electron: asks for npm ci', () => {
    const { status, stderrLines } = start(checkout());
    expect(status).toBe(1);
    expect(stderrLines).toEqual(['npm start: Electron is not installed (node_modules/electron): run `npm ci` first.']);
  });

  const pathTxt = join(repo, 'node_modules', 'electron', 'path.txt');
  const binaryPresent =
    existsSync(pathTxt) && existsSync(join(repo, 'node_modules', 'electron', 'dist', readFileSync(pathTxt, 'utf8')));
  it.skipIf(binaryPresent)(
    'in this checkout (binary absent): the same one line from the real scripts/start.mjs',
    () => {
      const { status, stdout, stderrLines } = start(repo, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
      expect(status).toBe(1);
      expect(stdout).toBe('');
      expect(stderrLines).toHaveLength(1);
      expect(stderrLines[0]).toContain('binary is not installed');
      expect(stderrLines[0]).toContain(fix);
    },
  );
});
