import type { Core } from '../../core/core';
import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';
import { fail } from '../ipc-failure';

/** Settings › Data folder: where this desk keeps its data, and showing it in the file manager. */
export function dataFolderHandlers(
  core: Core,
  desktop: Desktop,
): Pick<Handlers, 'app:dataFolder' | 'app:openDataFolder'> {
  return {
    async 'app:dataFolder'() {
      return { path: core.home };
    },
    async 'app:openDataFolder'() {
      const problem = await desktop.openFolder(core.home);
      if (problem) fail('not-found', `The data folder could not be opened: ${problem}`);
      return {};
    },
  };
}
