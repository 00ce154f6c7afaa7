import { Menu, type BrowserWindow } from 'electron';

/** The application menu; screen shortcuts are sent to the page as navigation commands. */
export function buildMenu(window: () => BrowserWindow | undefined): Menu {
  const go = (hash: string) => () =>
    void window()?.webContents.executeJavaScript(`location.hash = ${JSON.stringify(hash)}`);
  return Menu.buildFromTemplate([
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        { label: 'New entry', accelerator: 'Alt+N', click: go('#/new-entry') },
        { label: 'Settings', accelerator: 'CmdOrCtrl+,', click: go('#/settings') },
      ],
    },
    { role: 'windowMenu' },
  ]);
}
