import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '@shared/ipc/contract';
import { failure } from '@shared/ipc/result';
import { isAppUrl } from '../protocol-policy';
import type { Dispatch } from './dispatch';

/** The part of an IPC event the sender check reads; Electron's `IpcMainInvokeEvent` satisfies it. */
export interface IpcSender {
  sender: { mainFrame: unknown };
  senderFrame: { url: string } | null;
}

/**
 * True when the call comes from our own window's top frame while that frame shows our own origin
 * (exactly `app://feed-desk`, see `isAppUrl`). Subframes, other windows and other origins are refused.
 */
export function isTrustedSender(event: IpcSender, window: () => object | undefined): boolean {
  const frame = event.senderFrame;
  const contents = window();
  return (
    contents !== undefined &&
    event.sender === contents &&
    frame !== null &&
    frame === event.sender.mainFrame &&
    isAppUrl(frame.url)
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
