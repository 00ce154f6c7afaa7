import { EVENT_CONTRACT, type EventName } from '@shared/ipc/contract';
import type { Core } from '../core/core';
import { toView } from './handlers/views';

/** Sends one pushed event to the page (in the app: the window's webContents.send). */
export type Publish = (event: EventName, payload: unknown) => void;

/**
 * Pushes every committed change of a journal row to the page as `journal:changed`, and an office
 * journal becoming unreachable or reachable again as `journal:health`, checked against the
 * contract like any answer; returns the function that stops both.
 */
export function publishEvents(core: Core, publish: Publish): () => void {
  const stopChanges = core.journal.onChange((row) =>
    publish('journal:changed', EVENT_CONTRACT['journal:changed'].parse(toView(row))),
  );
  const stopHealth = core.journal.onHealth?.((reachable) =>
    publish('journal:health', EVENT_CONTRACT['journal:health'].parse({ reachable })),
  );
  return () => {
    stopChanges();
    stopHealth?.();
  };
}
