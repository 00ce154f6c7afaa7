import { join } from 'node:path';
import { hostname, userInfo } from 'node:os';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../journal/database';
import { Journal } from '../journal/journal';
import { Drafts } from '../journal/drafts';
import { expireLeases, type Lease } from '../journal/leases';
import { createPipeline, type Pipeline, type RetryPolicy } from '../journal/pipeline';
import { Outbox } from '../journal/outbox';
import { openProfileStore, type ProfileStore } from '../profiles/profile-store';
import { createCredentialStore, loadKeytar, type CredentialStore } from '../credentials/keychain';
import { createDispatcher } from '../service/http';
import { createConnectionCache } from './connection-cache';

/** The operator recorded on every submission: the OS user name. */
export function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/** How long a row stays ours in `sending` without renewal (renewed every third of it while in flight). */
export const LEASE_MS = 60_000;
/** How long closing waits for sends in flight before it gives up on them (they then expire into unknown). */
export const CLOSE_WAIT_MS = 30_000;

export interface CoreOptions {
  home: string;
  sandboxUrl: () => string | undefined;
  env?: NodeJS.ProcessEnv;
  credentials?: CredentialStore;
  retry?: RetryPolicy;
  concurrency?: number;
  leaseMs?: number;
  closeWaitMs?: number;
}

/** Everything below the screens and the CLI, wired once: profiles, journal, pipeline, outbox. */
export interface Core {
  home: string;
  profiles: ProfileStore;
  journal: Journal;
  drafts: Drafts;
  pipeline: Pipeline;
  outbox: Outbox;
  credentials: CredentialStore;
  connections: ReturnType<typeof createConnectionCache>;
  /** Rows whose sender's lease had run out at opening, now `unknown`. */
  recovered: number;
  /** Stops sending, waits (bounded) for every send in flight from any screen, then closes. */
  close(): Promise<void>;
}

/** Opens the data folder's profiles and journal, expires stale leases, and builds the pipeline. */
export function openCore(options: CoreOptions): Core {
  const profiles = openProfileStore(options.home);
  const db = openDatabase(join(options.home, 'journal.sqlite3'));
  const journal = new Journal(db);
  const recovered = expireLeases(journal);
  const credentials = options.credentials ?? createCredentialStore(loadKeytar, options.home);
  const dispatcher = createDispatcher();
  const connections = createConnectionCache({
    credentials,
    dispatcher,
    sandboxUrl: options.sandboxUrl,
    env: options.env,
  });
  const lease: Lease = { owner: `${hostname()}:${process.pid}:${randomUUID()}`, ms: options.leaseMs ?? LEASE_MS };
  const pipeline = createPipeline({
    journal,
    profile: (name) => profiles.get(name),
    profiles: () => profiles.list(),
    connection: (profile) => connections.get(profile),
    operator: operatorName(),
    lease,
    retry: options.retry,
  });
  const outbox = new Outbox({ journal, pipeline, concurrency: options.concurrency ?? profiles.active().concurrency });
  return {
    home: options.home,
    profiles,
    journal,
    drafts: new Drafts(db),
    pipeline,
    outbox,
    credentials,
    connections,
    recovered,
    async close() {
      outbox.pause();
      const settled = await pipeline.idle(options.closeWaitMs ?? CLOSE_WAIT_MS);
      // Sends still running past the limit are cut off; their leases expire into unknown.
      await (settled ? dispatcher.close() : dispatcher.destroy());
      journal.close();
    },
  };
}
