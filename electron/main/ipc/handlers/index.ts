import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { connectionHandlers } from './connection';
import { entryHandlers } from './entries';
import { profileHandlers } from './profiles';

/** Every IPC handler, one register-function per domain, over the shared core. */
export function createHandlers(core: Core): Handlers {
  return { ...connectionHandlers(core), ...profileHandlers(core), ...entryHandlers(core) };
}
