import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CHANNELS } from '../../../shared/ipc/contract';
import { failure } from '../../../shared/ipc/result';
import type { Dispatch } from './dispatch';

/** True when the call comes from our own window's top frame, loaded from our own origin. */
export function isTrustedSender(
  event: IpcMainInvokeEvent,
  window: () => WebContents | undefined,
  origin: string,
): boolean {
  const frame = event.senderFrame;
  return (
    event.sender === window() && frame !== null && frame === event.sender.mainFrame && frame.url.startsWith(origin)
  );
}

/** Registers every contract channel on ipcMain through the one dispatcher; nothing else calls ipcMain. */
export function registerIpc(
  ipcMain: IpcMain,
  dispatch: Dispatch,
  trusted: (event: IpcMainInvokeEvent) => boolean,
): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, request: unknown) =>
      trusted(event)
        ? dispatch(channel, request)
        : failure('forbidden', 'Calls are accepted from the Feed Desk window only'),
    );
  }
}
