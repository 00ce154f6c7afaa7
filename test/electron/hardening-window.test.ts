import { beforeEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { APP_ORIGIN, isAppUrl, lockDown, type LockableContents, type Preventable } from '@main/protocol-policy';

// Electron's binary cannot run here, so the window factory gets a stand-in BrowserWindow that
// records what it was given; `shell` is there only to see that nothing is ever opened with it.
const electron = vi.hoisted(() => ({
  windows: [] as Array<{ options: unknown; loaded: string[]; page: ReturnType<typeof fakeContents> }>,
  openExternal: vi.fn(async () => undefined),
}));
vi.mock('electron', () => ({
  BrowserWindow: class {
    readonly loaded: string[] = [];
    readonly page = fakeContents();
    readonly webContents = this.page.contents;
    constructor(readonly options: unknown) {
      electron.windows.push(this);
    }
    once() {}
    show() {}
    async loadURL(url: string) {
      this.loaded.push(url);
    }
  },
  shell: { openExternal: electron.openExternal },
}));
const { createMainWindow } = await import('@main/window');

/** A WebContents stand-in that keeps the handlers `lockDown` installs, so a test can call them. */
function fakeContents() {
  const listeners = new Map<string, (event: Preventable, url: string) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  let permissionRequest:
    ((contents: unknown, permission: unknown, callback: (granted: boolean) => void) => void) | undefined;
  let permissionCheck: (() => boolean) | undefined;
  const contents: LockableContents = {
    session: {
      setPermissionRequestHandler: (handler) => (permissionRequest = handler),
      setPermissionCheckHandler: (handler) => (permissionCheck = handler),
    },
    setWindowOpenHandler: (handler) => (openHandler = handler),
    on: (event: string, listener: (event: Preventable, url: string) => void) => listeners.set(event, listener),
  };
  return {
    contents,
    /** Fires `event` as Electron would; true when the handler cancelled it. */
    fire(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', url = ''): boolean {
      const listener = listeners.get(event);
      if (!listener) throw new Error(`no ${event} handler installed`);
      let prevented = false;
      listener({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    },
    open: (url: string) => openHandler?.({ url }),
    requestPermission(permission: string): Promise<boolean> {
      return new Promise((resolve) => permissionRequest?.(undefined, permission, resolve));
    },
    checkPermission: () => permissionCheck?.(),
  };
}

const OURS = [
  `${APP_ORIGIN}/index.html`,
  `${APP_ORIGIN}/`,
  APP_ORIGIN,
  `${APP_ORIGIN}/index.html#/settings`,
  `${APP_ORIGIN}/assets/index.js?v=1`,
];
const HOSTILE = [
  'app://feed-desk.evil/',
  'app://feed-desk.evil/index.html',
  'app://feed-desk-evil/',
  'app://feed-desk%2eevil/',
  'app://feed-desk@evil/',
  'app://feed-desk:8080/index.html',
  'app://user:pw@feed-desk/index.html',
  'app://evil/feed-desk/',
  'app:feed-desk/index.html',
  'app:///feed-desk/index.html',
  'https://evil.example/',
  'https://feed-desk/',
  'http://feed-desk/index.html',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'about:blank',
  'feed-desk/index.html',
  '',
];

describe('isAppUrl: exactly our origin, compared part by part', () => {
  it.each(OURS)('accepts %s', (url) => expect(isAppUrl(url)).toBe(true));
  it.each(HOSTILE)('refuses %j', (url) => expect(isAppUrl(url)).toBe(false));

  it("does not lean on URL.origin, which is 'null' for every custom scheme", () => {
    expect(new URL('app://feed-desk/x').origin).toBe(new URL('app://feed-desk.evil/x').origin);
  });
});

describe('lockDown, the handlers the window installs, fed hostile input', () => {
  it.each(HOSTILE)('cancels navigation and redirects to %j', (url) => {
    const page = fakeContents();
    lockDown(page.contents);
    expect(page.fire('will-navigate', url)).toBe(true);
    expect(page.fire('will-redirect', url)).toBe(true);
  });

  it.each(OURS)('lets the page move within %s', (url) => {
    const page = fakeContents();
    lockDown(page.contents);
    expect(page.fire('will-navigate', url)).toBe(false);
    expect(page.fire('will-redirect', url)).toBe(false);
  });

  it.each([...HOSTILE, ...OURS])('denies a new window for %j', (url) => {
    const page = fakeContents();
    lockDown(page.contents);
    expect(page.open(url)).toEqual({ action: 'deny' });
  });

  it('denies every permission and every webview', async () => {
    const page = fakeContents();
    lockDown(page.contents);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(await page.requestPermission(permission)).toBe(false);
    }
    expect(page.checkPermission()).toBe(false);
    expect(page.fire('will-attach-webview')).toBe(true);
  });
});

describe('createMainWindow', () => {
  beforeEach(() => {
    electron.windows.length = 0;
    electron.openExternal.mockClear();
  });

  it('builds a sandboxed, isolated window that loads only the app origin', () => {
    createMainWindow('/app/out/preload');
    expect(electron.windows).toHaveLength(1);
    const [window] = electron.windows;
    expect(window?.options).toMatchObject({
      webPreferences: {
        preload: join('/app/out/preload', 'index.cjs'),
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
      },
    });
    expect(window?.loaded).toEqual([`${APP_ORIGIN}/index.html`]);
    expect(window?.loaded.every(isAppUrl)).toBe(true);
  });

  it('locks its own page down: hostile navigation cancelled, every new window denied, nothing opened outside', () => {
    createMainWindow('/app/out/preload');
    const page = electron.windows[0]?.page;
    for (const url of HOSTILE) {
      expect(page?.fire('will-navigate', url), url).toBe(true);
      expect(page?.fire('will-redirect', url), url).toBe(true);
      expect(page?.open(url), url).toEqual({ action: 'deny' });
    }
    expect(page?.fire('will-navigate', `${APP_ORIGIN}/index.html#/settings`)).toBe(false);
    expect(page?.fire('will-attach-webview')).toBe(true);
    expect(electron.openExternal).not.toHaveBeenCalled();
  });
});
