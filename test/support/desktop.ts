import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConfirmOptions, Desktop } from '@main/ipc/desktop';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The desktop shell in tests: the save dialog "chooses" a fresh path in a temporary folder, recorded
 * in `saved`; the confirm dialog records what it was asked in `asked` and answers from `answers`,
 * first first (no answer left: the person cancels).
 */
export function testDesktop(printToPdf: Desktop['printToPdf'] = () => Promise.reject(new Error('no page to print'))) {
  const dir = mkdtempSync(join(tmpdir(), 'feed-desk-saved-'));
  const saved: string[] = [];
  /** The kinds of file the save dialog "chooses" (its name's extension), first first; when empty, the default. */
  const saveAs: string[] = [];
  /** Files the open dialog "chooses", first first; when empty the person cancels. */
  const toOpen: string[] = [];
  const asked: ConfirmOptions[] = [];
  const answers: boolean[] = [];
  /** Folders shown in the file manager, in order. */
  const opened: string[] = [];
  const desktop: Desktop = {
    async saveFile({ defaultName }) {
      const kind = saveAs.shift();
      const name = kind ? defaultName.replace(/\.[^.]+$/, `.${kind}`) : defaultName;
      const path = join(dir, `${saved.length + 1}-${name}`);
      saved.push(path);
      return path;
    },
    async openFile() {
      return toOpen.shift();
    },
    async confirm(options) {
      asked.push(options);
      return answers.shift() ?? false;
    },
    async openFolder(path) {
      opened.push(path);
      return undefined;
    },
    printToPdf,
    cliPackageFolder: fileURLToPath(new URL('../../out/cli-package', import.meta.url)),
    versions: { app: PACKAGE.version, electron: null },
  };
  return { desktop, saved, saveAs, dir, toOpen, asked, answers, opened };
}
