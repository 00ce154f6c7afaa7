import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN, lockDown } from './protocol-policy';

/** The one factory for windows: every security option written out literally. */
export function createMainWindow(preloadDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'Feed Desk',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  lockDown(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
