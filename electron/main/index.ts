import { app, BrowserWindow, dialog, ipcMain, Menu, shell } from 'electron';
import { join } from 'node:path';
import { openCore, type Core } from './core/core';
import { createCredentialStore, loadKeytar } from './credentials/keychain';
import { openLocalJournal } from './journal/open';
import { JournalKeyError } from './journal/errors';
import { startRetention } from './core/retention-timer';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createDispatch } from './ipc/dispatch';
import { SAVE_KIND_NAMES, pdfFooter } from './ipc/desktop';
import { createHandlers } from './ipc/handlers';
import { isTrustedSender, registerIpc } from './ipc/register';
import { publishEvents } from './ipc/events';
import { createMainWindow } from './window';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { buildMenu } from './menu';
import { keepFilesPrivate } from './support/private-files';
import type { ResponseOf } from '@shared/ipc/contract';

// Wiring only: everything below runs (and is tested) under plain Node.
keepFilesPrivate();
if (!app.requestSingleInstanceLock()) app.quit();
registerAppScheme();

let window: BrowserWindow | undefined;
let sandbox: Sandbox | undefined;

app.on('second-instance', () => {
  if (window?.isMinimized()) window.restore();
  window?.focus();
});

app.whenReady().then(async () => {
  sandbox = await startSandbox();
  const core = await openJournalOrAsk(app.getPath('userData'));
  if (!core) return app.quit();
  core.outbox.start();
  // Personal details of settled rows past the journal's retention: removed now and daily.
  const stopRetention = startRetention(core.journal, (err) => console.error(`Retention not applied: ${err.message}`));
  // Updates from the office's feed, for an installed app (a build started with npm start has none).
  const updates = app.isPackaged
    ? await (
        await import('./updates/desk-updates')
      ).startDeskUpdates(core, (await import('electron-updater')).autoUpdater)
    : undefined;

  const dispatch = createDispatch(
    createHandlers(core, {
      async saveFile({ title, defaultName, extension, also = [] }) {
        const options = {
          title,
          defaultPath: join(app.getPath('documents'), defaultName),
          filters: [extension, ...also].map((kind) => ({ name: SAVE_KIND_NAMES[kind], extensions: [kind] })),
        };
        const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
        return chosen.canceled ? undefined : chosen.filePath;
      },
      async openFile({ title, extensions, kind = 'Spreadsheets' }) {
        const options = {
          title,
          defaultPath: app.getPath('documents'),
          properties: ['openFile' as const],
          filters: [{ name: kind, extensions: [...extensions] }],
        };
        const chosen = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
        return chosen.canceled ? undefined : chosen.filePaths[0];
      },
      async confirm({ title, message, detail, confirmLabel }) {
        const options = {
          type: 'warning' as const,
          title,
          message,
          detail,
          buttons: [confirmLabel, 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          noLink: true,
        };
        const chosen = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
        return chosen.response === 0;
      },
      async openFolder(path) {
        return (await shell.openPath(path)) || undefined;
      },
      async printToPdf(footer) {
        if (!window) throw new Error('No window to print');
        return window.webContents.printToPDF({ pageSize: 'A4', printBackground: true, ...pdfFooter(footer) });
      },
      versions: { app: app.getVersion(), electron: process.versions.electron ?? null },
      updates,
      cliPackageFolder: app.isPackaged
        ? join(process.resourcesPath, 'cli')
        : join(import.meta.dirname, '../cli-package'),
    }),
  );
  registerIpc(ipcMain, dispatch, (event) => isTrustedSender(event, () => window?.webContents));
  publishEvents(core, (event, payload) => window?.webContents.send(event, payload));
  serveRenderer(join(import.meta.dirname, '../renderer'));
  // Help › Save diagnostics…: the same handler as Settings › About's button, its outcome in a message box.
  const saveDiagnostics = async () => {
    const answer = await dispatch('app:saveDiagnostics', {});
    if (!answer.ok) dialog.showErrorBox('Diagnostics not saved', answer.error.message);
    else {
      const { path } = answer.data as ResponseOf<'app:saveDiagnostics'>;
      if (path) void dialog.showMessageBox({ message: `Saved diagnostics to ${path} (no customer data, no secrets).` });
    }
  };
  Menu.setApplicationMenu(
    buildMenu(
      () => window,
      () => void saveDiagnostics(),
    ),
  );
  window = createMainWindow(join(import.meta.dirname, '../preload'));

  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    stopRetention();
    updates?.stop();
    // An update downloaded installs as the app quits (electron-updater's own quit handler), unless
    // rows of this desk are still being sent or queued: then it waits for the next quit.
    void (updates?.installOnQuit() ?? Promise.resolve(false))
      .catch(() => false)
      .then(() => core.close())
      .then(() => sandbox?.close())
      .finally(() => app.quit());
  });
});

app.on('window-all-closed', () => app.quit());

/**
 * Opens the core on the journal Settings chose. When the office journal cannot be opened, says
 * why and lets the person retry, use this computer's journal for this session, or quit; when this
 * computer's journal cannot be read (its key), says why and offers only retry or quit.
 */
async function openJournalOrAsk(home: string): Promise<Core | undefined> {
  const sandboxUrl = () => sandbox?.url;
  const local = async (operator: string) =>
    openLocalJournal({ home, credentials: createCredentialStore(loadKeytar, home), env: process.env }, operator);
  let thisComputer = false;
  for (;;) {
    try {
      return await openCore({ home, sandboxUrl, ...(thisComputer ? { journal: local } : {}) });
    } catch (err) {
      const keyed = err instanceof JournalKeyError;
      const { response } = await dialog.showMessageBox({
        type: 'warning',
        title: 'Feed Desk',
        message: keyed ? "This computer's journal cannot be opened" : 'The journal cannot be opened',
        detail: keyed
          ? `${(err as Error).message}\n\nRetry once that is done, or quit.`
          : `${(err as Error).message}\n\nNothing was lost. Retry, or key into this computer's journal for now (Settings shows the choice).`,
        buttons: keyed ? ['Retry', 'Quit'] : ['Retry', "Use this computer's journal", 'Quit'],
        defaultId: 0,
        cancelId: keyed ? 1 : 2,
      });
      const quit = keyed ? response === 1 : response === 2;
      if (quit) return undefined;
      if (!keyed && response === 1) thisComputer = true;
    }
  }
}
