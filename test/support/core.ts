import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore, type Core } from '@main/core/core';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../electron/sandbox/server';
import { freshOfficeJournal } from './office-journal';
import type { StoreKind } from './stores';

/** A fresh data folder. */
export function tempHome(prefix = 'feed-desk-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A sandbox plus the whole core (real journal file, real client) using the Sandbox profile against it. */
export interface CoreRig {
  sandbox: Sandbox;
  core: Core;
  home: string;
  /** Another core on the same data folder and journal (as a second process, the CLI or another desk, would open it). */
  openOther(): Promise<Core>;
  /** Points the Sandbox profile somewhere else (e.g. a closed port) or back. */
  setUrl(url: string | undefined): void;
  close(): Promise<void>;
}

/** Starts a sandbox and opens a core on a new data folder (its journal on this computer, or a fresh office one), with fast retries for tests. */
export async function startCoreRig(
  options: SandboxOptions & { home?: string; store?: StoreKind } = {},
): Promise<CoreRig> {
  const office = options.store === 'postgres' ? await freshOfficeJournal() : undefined;
  const sandbox = await startSandbox(options);
  const home = options.home ?? tempHome();
  let url: string | undefined = sandbox.url;
  const core = await openCore({
    home,
    ...(office ? { journal: office.open } : {}),
    sandboxUrl: () => url,
    retry: { baseMs: 20, capMs: 100, maxAttempts: 5 },
  });
  return {
    sandbox,
    core,
    home,
    openOther: () => openCore({ home, sandboxUrl: () => url, ...(office ? { journal: office.open } : {}) }),
    setUrl(next) {
      url = next;
    },
    async close() {
      await core.close();
      await sandbox.close();
    },
  };
}
