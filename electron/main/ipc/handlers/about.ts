import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';

/** A path as one shell word: double quotes on Windows, single quotes (any ' escaped) elsewhere. */
function shellWord(path: string): string {
  return process.platform === 'win32' ? `"${path}"` : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** Settings › About: where the command line this version carries is, and how to install it with this computer's Node. */
export function aboutHandlers(desktop: Desktop): Pick<Handlers, 'app:about'> {
  return {
    async 'app:about'() {
      const folder = desktop.cliPackageFolder;
      const file = existsSync(folder) ? readdirSync(folder).find((f) => /^feed-desk-.+\.tgz$/.test(f)) : undefined;
      const cliPackage = file ? join(folder, file) : null;
      return { cliPackage, install: cliPackage && `npm install -g ${shellWord(cliPackage)}` };
    },
  };
}
