import { Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';

/**
 * Zoom in, out and back to actual size. Ctrl+= is what people press for "Ctrl +" (the + key is
 * a shifted =), so it is the shown accelerator; Ctrl+Shift+= (Plus) and the keypad keys work
 * too through hidden items, one accelerator per item being all Electron allows.
 */
const ZOOM_ITEMS: MenuItemConstructorOptions[] = [
  { role: 'zoomIn', label: 'Zoom in', accelerator: 'CmdOrCtrl+=' },
  { role: 'zoomOut', label: 'Zoom out', accelerator: 'CmdOrCtrl+-' },
  { role: 'resetZoom', label: 'Actual size', accelerator: 'CmdOrCtrl+0' },
  { role: 'zoomIn', accelerator: 'CmdOrCtrl+Plus', visible: false, acceleratorWorksWhenHidden: true },
  { role: 'zoomIn', accelerator: 'CmdOrCtrl+numadd', visible: false, acceleratorWorksWhenHidden: true },
  { role: 'zoomOut', accelerator: 'CmdOrCtrl+numsub', visible: false, acceleratorWorksWhenHidden: true },
  { role: 'resetZoom', accelerator: 'CmdOrCtrl+num0', visible: false, acceleratorWorksWhenHidden: true },
];

/** The application menu; screen shortcuts are sent to the page as navigation commands; Help saves diagnostics. */
export function buildMenu(window: () => BrowserWindow | undefined, saveDiagnostics: () => void): Menu {
  const go = (hash: string) => () =>
    void window()?.webContents.executeJavaScript(`location.hash = ${JSON.stringify(hash)}`);
  return Menu.buildFromTemplate([
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: ZOOM_ITEMS },
    {
      label: 'Go',
      submenu: [
        { label: 'New entry', accelerator: 'Alt+N', click: go('#/new-entry') },
        { label: 'Settings', accelerator: 'CmdOrCtrl+,', click: go('#/settings') },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'Save diagnostics…', click: saveDiagnostics }] },
  ]);
}
