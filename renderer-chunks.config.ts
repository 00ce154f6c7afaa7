import { readFileSync } from 'node:fs';

const ZOD_IMPORT = /from 'zod(\/mini)?'/;
/** What main.tsx needs before anything else: the route, the screens' loaders, the Journal's first request. */
const FIRST =
  /\/renderer\/src\/(main|route|screen-loaders|api|screens\/journal\/first-window)\.tsx?$|\/shared\/ipc\/(api|channels)\.ts$|vite\/preload-helper/;

/**
 * How the renderer's modules are grouped into files (Rollup's manualChunks), so the first screen
 * is a few requests made at once, not a dozen one after another. main.tsx (the first chunk) only
 * reads the route and asks for the shell (`app`: React, the app's frame and the modules screens
 * share) and the screen's chunk together; zod with the shared schemas and react-hook-form are
 * files of their own, loaded by the screens that use them.
 */
export function rendererChunk(id: string): string | undefined {
  if (FIRST.test(id)) return 'index';
  if (id.includes('/node_modules/zod/')) return 'schemas';
  if (id.includes('/node_modules/react-hook-form/') || id.includes('/node_modules/@hookform/')) return 'forms';
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'app';
  if (id.includes('/node_modules/')) return undefined;
  if (/\/shared\/.*\.ts$/.test(id)) return ZOD_IMPORT.test(readFileSync(id, 'utf8')) ? 'schemas' : 'app';
  if (/\/renderer\/src\/[^/]+\.tsx?$|\/renderer\/src\/(forms|components|journal-feed)\//.test(id)) return 'app';
  return undefined;
}
