import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';

/** A path as one shell word: double quotes on Windows, single quotes (any ' escaped) elsewhere. */
function shellWord(path: string): string {
  return process.platform === 'win32' ? `"${path}"` : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** Settings › About: where the command line this version carries is, and how to install it with this computer's Node. */
export function aboutHandlers(core: Core, desktop: Desktop): Pick<Handlers, 'app:about' | 'app:saveDiagnostics'> {
  return {
    async 'app:saveDiagnostics'() {
      const day = new Date().toISOString().slice(0, 10);
      const path = await desktop.saveFile({
        title: 'Save diagnostics for support',
        defaultName: `feed-desk-diagnostics-${day}.json`,
        extension: 'json',
      });
      if (!path) return { path: null, errors: 0 };
      const { buildDiagnostics, writeDiagnostics } = await import('../../support/diagnostics');
      const diagnostics = await buildDiagnostics(core, {
        name: 'Feed Desk',
        version: desktop.versions.app,
        electron: desktop.versions.electron,
      });
      writeDiagnostics(path, diagnostics);
      return { path, errors: diagnostics.errors.length };
    },
    async 'app:about'() {
      const folder = desktop.cliPackageFolder;
      const file = existsSync(folder) ? readdirSync(folder).find((f) => /^feed-desk-.+\.tgz$/.test(f)) : undefined;
      const cliPackage = file ? join(folder, file) : null;
      return { cliPackage, install: cliPackage && `npm install -g ${shellWord(cliPackage)}` };
    },
  };
}
