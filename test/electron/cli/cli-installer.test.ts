// The installers carry the command line: electron-builder.yml lists the tarball npm run build packs
// (scripts/pack-cli.mjs, out/cli-package) as extraResources, and that tarball holds the built CLI.
// The installers themselves cannot be built here (electron-builder downloads Electron), so this
// reads the configuration and checks the files it names.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const { load } = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface Resource {
  from: string;
  to: string;
  filter: string[];
}
const config = load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as { extraResources?: Resource[] };
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
};
const TARBALL = `feed-desk-${pkg.version}.tgz`;

beforeAll(() => {
  // What npm run build does after electron-vite build.
  execFileSync(process.execPath, [join(ROOT, 'scripts/pack-cli.mjs')], { cwd: ROOT, stdio: 'ignore' });
}, 120_000);

it('npm run build packs the command line, and packaging builds first', () => {
  expect(pkg.scripts.build).toMatch(/&& node scripts\/pack-cli\.mjs$/);
  expect(pkg.scripts.package).toMatch(/^npm run build && electron-builder/);
});

it('electron-builder.yml carries the packed command line as extraResources in resources/cli', () => {
  const cli = config.extraResources?.find((r) => r.to === 'cli');
  expect(cli).toEqual({ from: 'out/cli-package', to: 'cli', filter: ['feed-desk-*.tgz'] });
  const matched = readdirSync(join(ROOT, cli!.from)).filter((f) => /^feed-desk-.*\.tgz$/.test(f));
  expect(matched).toEqual([TARBALL]);
});

it('the tarball holds the bin and the built CLI, and no sources', () => {
  const listed = execFileSync('tar', ['-tzf', join(ROOT, 'out/cli-package', TARBALL)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  expect(listed).toEqual(
    expect.arrayContaining([
      'package/package.json',
      'package/bin/feed-desk.mjs',
      'package/out/cli/main.js',
      'package/out/cli/journal-worker.js',
    ]),
  );
  // npm adds the README and package.json's main (the app's main process, built by electron-vite) itself.
  const packed = /^package\/(package\.json|README\.md|out\/main\/index\.js|bin\/feed-desk\.mjs|out\/cli\/[^/]+\.js)$/;
  expect(listed.filter((f) => !packed.test(f))).toEqual([]);
});
