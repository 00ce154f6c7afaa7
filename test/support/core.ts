import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore, type Core } from '../../electron/main/core/core';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox/server';

/** A fresh data folder. */
export function tempHome(prefix = 'feed-desk-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A sandbox plus the whole core (real journal file, real client) using the Sandbox profile against it. */
export interface CoreRig {
  sandbox: Sandbox;
  core: Core;
  home: string;
  /** Points the Sandbox profile somewhere else (e.g. a closed port) or back. */
  setUrl(url: string | undefined): void;
  close(): Promise<void>;
}

/** Starts a sandbox and opens a core on a new data folder, with fast retries for tests. */
export async function startCoreRig(options: SandboxOptions & { home?: string } = {}): Promise<CoreRig> {
  const sandbox = await startSandbox(options);
  const home = options.home ?? tempHome();
  let url: string | undefined = sandbox.url;
  const core = await openCore({
    home,
    sandboxUrl: () => url,
    retry: { baseMs: 20, capMs: 100, maxAttempts: 5 },
  });
  return {
    sandbox,
    core,
    home,
    setUrl(next) {
      url = next;
    },
    async close() {
      await core.close();
      await sandbox.close();
    },
  };
}
