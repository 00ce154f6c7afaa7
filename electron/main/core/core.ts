import { join } from 'node:path';
import { hostname, userInfo } from 'node:os';
import { randomUUID } from 'node:crypto';
import { localJournalPath, openJournalStore } from '../journal/open';
import type { JournalStore, Lease } from '../journal/store';
import { createPipeline, type Pipeline, type RetryPolicy } from '../sending/pipeline';
import { Outbox } from '../sending/outbox';
import { OutcomeSpill } from '../sending/outcome-spill';
import { openProfileStore, type ProfileStore } from '../profiles/profile-store';
import { createCredentialStore, loadKeytar, type CredentialStore } from '../credentials/keychain';
import { createDispatcher } from '../service/http';
import { createConnectionCache } from './connection-cache';
import { keepDraftsLocally } from './local-drafts';

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
async function keepAnswers(journal: JournalStore, path: string): Promise<OutcomeSpill> {
  const spill = new OutcomeSpill(path);
  if (spill.size > 0) await spill.replay(journal);
  return spill;
}

/** The key that seals an office desk's waiting drafts: this computer's journal key, when a keychain holds or can hold one. */
async function draftsKey(
  credentials: CredentialStore,
  home: string,
  env: NodeJS.ProcessEnv,
): Promise<Buffer | undefined> {
  const { journalCipher } = await import('../journal/sqlite/journal-key');
  return journalCipher(credentials, localJournalPath(home), env).then(
    (cipher) => cipher.key,
    () => undefined,
  );
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
  const journal = opened.onHealth
    ? keepDraftsLocally(opened, options.home, await draftsKey(credentials, options.home, options.env ?? process.env))
    : opened;
  const recovered = await journal.expireLeases();
  const dispatcher = createDispatcher();
  const connections = createConnectionCache({
    credentials,
    dispatcher,
    sandboxUrl: options.sandboxUrl,
    env: options.env,
  });
  const lease: Lease = { owner: `${hostname()}:${process.pid}:${randomUUID()}`, ms: options.leaseMs ?? LEASE_MS };
  const spill = journal.onHealth ? await keepAnswers(journal, join(options.home, SPILL_FILE)) : undefined;
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
      outbox.pause();
      stopHealth?.();
      const settled = await pipeline.idle(options.closeWaitMs ?? CLOSE_WAIT_MS);
      // Sends still running past the limit are cut off; their leases expire into unknown.
      await (settled ? dispatcher.close() : dispatcher.destroy());
      await journal.close();
    },
  };
}
