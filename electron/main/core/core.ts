import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { randomUUID } from 'node:crypto';
import { localJournalPath, openJournalStore } from '../journal/open';
import type { JournalStore, Lease } from '../journal/store';
import { personalCancellationFields } from '@shared/profile/cancellation-fields';
import { createPipeline, type Pipeline, type RetryPolicy } from '../sending/pipeline';
import { Outbox } from '../sending/outbox';
import { OutcomeSpill } from '../sending/outcome-spill';
import { openProfileStore, type ProfileStore } from '../profiles/profile-store';
import { createCredentialStore, loadKeytar, type CredentialStore } from '../credentials/keychain';
import { createDispatcher } from '../service/http';
import { createConnectionCache } from './connection-cache';
import { keepDraftsLocally, readWaitingDrafts, WAITING_DRAFTS_FILE } from './local-drafts';
import { setAside } from '../support/sealed-file';

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
  /** How long an answer waits for others to share its commit, at most (ms). */
  groupWindowMs?: number;
  /** The journal to use; by default the one journal.json in the data folder names (this computer unless set). */
  journal?: (operator: string) => Promise<JournalStore>;
  /** A journal URL (postgres://USER@HOST:PORT/DATABASE) that overrides the saved choice, as the CLI's --journal. */
  journalUrl?: string;
}

/** Everything below the screens and the CLI, wired once: profiles, journal, pipeline, outbox. */
export interface Core {
  home: string;
  profiles: ProfileStore;
  /** The journal, on this computer or in the office database. */
  journal: JournalStore;
  pipeline: Pipeline;
  outbox: Outbox;
  credentials: CredentialStore;
  connections: ReturnType<typeof createConnectionCache>;
  /** Rows whose sender's lease had run out at opening, now `unknown`. */
  recovered: number;
  /** Stops sending, waits (bounded) for every send in flight from any screen, then closes. */
  close(): Promise<void>;
}

/** Where a desk keeps the service's answers its office journal could not record yet. */
export const SPILL_FILE = 'unrecorded-answers.jsonl';

/** The spill of answers, after recording what an earlier run left in it (recording is idempotent). */
async function keepAnswers(journal: JournalStore, path: string, key: Buffer | undefined, toDisk: boolean) {
  const spill = new OutcomeSpill(path, key, toDisk);
  if (spill.size > 0) await spill.replay(journal);
  return spill;
}

/**
 * How an office desk keeps customer data in its data folder (drafts waiting for the office journal,
 * answers it could not record yet): sealed under this computer's journal key when a keychain holds
 * or can hold one; else plain, unless encryption is required, when nothing is written to disk.
 */
async function localSealing(
  credentials: CredentialStore,
  home: string,
  env: NodeJS.ProcessEnv,
): Promise<{ key?: Buffer; toDisk: boolean }> {
  const { journalCipher, REQUIRE_ENCRYPTION_ENV } = await import('../journal/sqlite/journal-key');
  const required = env[REQUIRE_ENCRYPTION_ENV] === '1';
  try {
    const { key } = await journalCipher(credentials, localJournalPath(home), env, { derive: false });
    if (key) return { key, toDisk: true };
  } catch {
    // This computer's journal cannot be opened now (another process has it, or its key is gone): an
    // office desk does not need it, only the key, which the keychain may still hold.
    const kept = await credentials.journalKey.read().catch(() => undefined);
    if (kept) return { key: kept, toDisk: true };
  }
  return { toDisk: !required };
}

/**
 * Files an earlier run left in the data folder that this run may not write (encryption required, no
 * key): their answers are recorded and drafts handed to the journal, then the files go.
 */
async function handOver(journal: JournalStore, home: string): Promise<void> {
  const path = join(home, WAITING_DRAFTS_FILE);
  const drafts = (() => {
    try {
      return readWaitingDrafts(home, undefined);
    } catch {
      return undefined;
    }
  })();
  // Sealed under a key the keychain no longer gives: kept aside for when it does, never removed.
  if (!drafts) return void setAside(path);
  for (const [screen, draft] of Object.entries(drafts)) {
    await journal.drafts.save(screen, draft.profile, draft.payload, draft.corrects ?? null);
  }
  rmSync(path, { force: true });
}

/**
 * The journal, its erasure and retention also removing the cancellation fields the profiles mark
 * personal (as the profiles say at the time of the run).
 */
function withPersonalCancellationFields(journal: JournalStore, extra: () => string[]): JournalStore {
  const { privacy } = journal;
  return {
    ...journal,
    privacy: {
      ...privacy,
      erase: (ids, reason) => privacy.erase(ids, reason, extra()),
      purge: (olderThanDays) => privacy.purge(olderThanDays, extra()),
    },
  };
}

/** Opens the data folder's profiles and the journal, expires stale leases, and builds the pipeline. */
export async function openCore(options: CoreOptions): Promise<Core> {
  const profiles = openProfileStore(options.home);
  const operator = operatorName();
  const credentials = options.credentials ?? createCredentialStore(loadKeytar, options.home);
  const opened = options.journal
    ? await options.journal(operator)
    : await openJournalStore(
        { home: options.home, credentials, env: options.env ?? process.env, url: options.journalUrl },
        operator,
      );
  // An office journal may be restarting: drafts typed meanwhile stay on this computer until it takes them.
  const sealing = opened.onHealth
    ? await localSealing(credentials, options.home, options.env ?? process.env)
    : undefined;
  const journal = withPersonalCancellationFields(
    sealing?.toDisk ? keepDraftsLocally(opened, options.home, sealing.key) : opened,
    () => personalCancellationFields(profiles.list().map((profile) => profile.cancellation.fields)),
  );
  const recovered = await journal.expireLeases();
  const dispatcher = createDispatcher();
  const connections = createConnectionCache({
    credentials,
    dispatcher,
    sandboxUrl: options.sandboxUrl,
    env: options.env,
  });
  const lease: Lease = { owner: `${hostname()}:${process.pid}:${randomUUID()}`, ms: options.leaseMs ?? LEASE_MS };
  const spill = sealing
    ? await keepAnswers(journal, join(options.home, SPILL_FILE), sealing.key, sealing.toDisk)
    : undefined;
  if (sealing && !sealing.toDisk) void handOver(journal, options.home).catch(() => undefined);
  const pipeline = createPipeline({
    journal,
    profile: (name) => profiles.get(name),
    profiles: () => profiles.list(),
    connection: (profile) => connections.get(profile),
    operator,
    lease,
    retry: options.retry,
    spill,
    groupWindowMs: options.groupWindowMs,
  });
  const outbox = new Outbox({ journal, pipeline, concurrency: options.concurrency ?? profiles.active().concurrency });
  // Answers held while an office journal was unreachable are recorded as soon as it answers again.
  const stopHealth = journal.onHealth?.((reachable) => {
    spill?.health(reachable);
    if (reachable) void spill?.replay(journal, pipeline.recording()).catch(() => undefined);
  });
  return {
    home: options.home,
    profiles,
    journal,
    pipeline,
    outbox,
    credentials,
    connections,
    recovered,
    async close() {
      // The outbox stops looking before the journal closes (a look in flight finishes first).
      const stopped = outbox.stop();
      stopHealth?.();
      const settled = await pipeline.idle(options.closeWaitMs ?? CLOSE_WAIT_MS);
      // Sends still running past the limit are cut off; their leases expire into unknown.
      await (settled ? dispatcher.close() : dispatcher.destroy());
      await stopped;
      await journal.close();
    },
  };
}
