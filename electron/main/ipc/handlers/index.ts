import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';
import { connectionHandlers } from './connection';
import { entryHandlers } from './entries';
import { customerHandlers } from './customer';
import { journalHandlers } from './journal';
import { journalLocationHandlers } from './journal-location';
import { caFileHandlers } from './ca-file';
import { dataFolderHandlers } from './data-folder';
import { officeAdminHandlers } from './office-admin';
import { outboxHandlers } from './outbox';
import { importHandlers } from './imports';
import { profileHandlers } from './profiles';
import { aboutHandlers } from './about';
import { privacyHandlers } from './privacy';
import { updateHandlers } from './updates';

/** Every IPC handler, one register-function per domain, over the shared core and the desktop shell. */
export function createHandlers(core: Core, desktop: Desktop): Handlers {
  return {
    ...connectionHandlers(core),
    ...profileHandlers(core),
    ...entryHandlers(core),
    ...customerHandlers(core),
    ...journalHandlers(core, desktop),
    ...outboxHandlers(core),
    ...importHandlers(core, desktop),
    ...journalLocationHandlers(core, desktop),
    ...caFileHandlers(desktop),
    ...dataFolderHandlers(core, desktop),
    ...officeAdminHandlers(core, desktop),
    ...aboutHandlers(core, desktop),
    ...privacyHandlers(core, desktop),
    ...updateHandlers(core, desktop),
  };
}
