import { contextBridge, ipcRenderer } from 'electron';
import { API_KEY, buildApi } from '../../shared/ipc/api';

// The page gets named functions derived from the contract, nothing else of Electron.
contextBridge.exposeInMainWorld(
  API_KEY,
  buildApi((channel, request) => ipcRenderer.invoke(channel, request)),
);
