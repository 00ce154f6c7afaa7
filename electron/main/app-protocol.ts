import { net, protocol } from 'electron';
import { normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Must run before the app is ready: app:// is a standard, secure scheme. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: false } },
  ]);
}

/** Serves the packaged renderer files under app://feed-desk/, refusing anything outside that folder. */
export function serveRenderer(rendererDir: string): void {
  const root = resolve(rendererDir);
  protocol.handle('app', (request) => {
    const url = new URL(request.url);
    const file = normalize(resolve(root, `.${decodeURIComponent(url.pathname)}`));
    if (url.host !== 'feed-desk' || (file !== root && !file.startsWith(root + sep))) {
      return new Response('Not found', { status: 404 });
    }
    return net.fetch(pathToFileURL(file).toString());
  });
}
