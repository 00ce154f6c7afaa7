import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves the built renderer from a folder on 127.0.0.1, as the app protocol does in Electron. */
export async function serveFolder(folder: string): Promise<{ url: string; close(): Promise<void>; server: Server }> {
  const root = resolve(folder);
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(root, path === '/' ? 'index.html' : decodeURIComponent(path)));
    if (!file.startsWith(root + sep)) return void res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      // The page may still be loading (a screen's chunk fetched while idle): its connections go now,
      // or close would wait for a request the page never finishes.
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}`, server, close };
}
