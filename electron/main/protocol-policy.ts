/**
 * What our window may load, open and grant. Kept free of Electron so the very handlers the window
 * installs run, and are tested, under plain Node.
 */

/** The scheme and host our renderer is served from (custom protocol, packaged files only). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'feed-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * True only for a URL on exactly our origin: scheme `app:`, host `feed-desk`, no port, no user
 * info. Compared part by part, not by prefix (`app://feed-desk.evil` is another origin), and not by
 * `URL.origin`, which is the string 'null' for every custom scheme and so would match any of them.
 */
export function isAppUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === ''
  );
}

/** The part of an Electron event the policy uses. */
export interface Preventable {
  preventDefault(): void;
}

/** The part of Electron's `WebContents` that `lockDown` configures; a real one satisfies it. */
export interface LockableContents {
  session: {
    setPermissionRequestHandler(
      handler: (contents: unknown, permission: unknown, callback: (granted: boolean) => void) => void,
    ): void;
    setPermissionCheckHandler(handler: () => boolean): void;
  };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: Preventable, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: Preventable, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown;
}

/** Cancels a navigation or redirect to anything but our own origin. */
export function stayOnAppOrigin(event: Preventable, url: string): void {
  if (!isAppUrl(url)) event.preventDefault();
}

/**
 * Denies every permission request, every new window (nothing is opened, not even in the system
 * browser: the page has no links out), navigation or redirect away, and every webview.
 */
export function lockDown(contents: LockableContents): void {
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  contents.session.setPermissionCheckHandler(() => false);
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', stayOnAppOrigin);
  contents.on('will-redirect', stayOnAppOrigin);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
