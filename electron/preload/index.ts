import { contextBridge, ipcRenderer } from 'electron';
import { API_KEY, buildApi } from '@shared/ipc/api';
import { startupReads } from '@shared/ipc/startup-reads';

// The page gets named functions derived from the contract, nothing else of Electron. The reads its
// first screen needs are asked as soon as this has run, while the page's script loads.
contextBridge.exposeInMainWorld(
  API_KEY,
  buildApi(
    (channel, request) => ipcRenderer.invoke(channel, request),
    (event, listener) => {
      // The listener gets the payload only, never Electron's event object.
      const handler = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(event, handler);
      return () => void ipcRenderer.removeListener(event, handler);
    },
    // Only for the app's own page (main accepts calls from no other).
    window.location.protocol === 'app:' ? startupReads(window.location.hash) : [],
  ),
);
