import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

/** `@shared/x` is shared/x for all three bundles (the alias of tsconfig.base.json's paths). */
const resolveShared = { alias: { '@shared': resolve('shared') } };

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    resolve: resolveShared,
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          // The journal's thread: worker-store.ts starts ./journal-worker.js beside out/main/index.js.
          'journal-worker': resolve('electron/main/journal/sqlite/worker.ts'),
        },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    resolve: resolveShared,
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        // Sandboxed preloads must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    resolve: resolveShared,
    build: {
      outDir: resolve('out/renderer'),
      minify: 'esbuild',
      rollupOptions: { input: resolve('renderer/index.html') },
    },
  },
});
