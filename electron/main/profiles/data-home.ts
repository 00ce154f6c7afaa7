import { homedir } from 'node:os';
import { join } from 'node:path';

/** The product name, which is also Electron's user-data folder name. */
export const PRODUCT_NAME = 'Feed Desk';

/**
 * The folder holding profiles.json and the journal: FEED_DESK_HOME when set (tests, unattended
 * use), else the same per-user folder Electron's app.getPath('userData') gives the desktop app.
 */
export function dataHome(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.FEED_DESK_HOME) return env.FEED_DESK_HOME;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}
