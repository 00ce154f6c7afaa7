import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import { connectionHandlers, type AppInfo } from './connection';
import { entryHandlers } from './entries';
import { profileHandlers } from './profiles';

/** Every IPC handler, one register-function per domain, over the shared core. */
export function createHandlers(core: Core, info: AppInfo): Handlers {
  return { ...connectionHandlers(core, info), ...profileHandlers(core), ...entryHandlers(core) };
}
