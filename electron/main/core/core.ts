import { join } from 'node:path';
import { userInfo } from 'node:os';
import { openDatabase } from '../journal/database';
import { Journal } from '../journal/journal';
import { Drafts } from '../journal/drafts';
import { createPipeline, type Pipeline, type RetryPolicy } from '../journal/pipeline';
import { Outbox } from '../journal/outbox';
import { openProfileStore, type ProfileStore } from '../profiles/profile-store';
import { createCredentialStore, type CredentialStore } from '../credentials/keychain';
import { createDispatcher } from '../service/http';
import { createConnectionCache } from './connection-cache';
import { processAlive } from './process-alive';

export { processAlive } from './process-alive';

/** The operator recorded on every submission: the OS user name. */
export function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

export interface CoreOptions {
  home: string;
  sandboxUrl: () => string | undefined;
  env?: NodeJS.ProcessEnv;
  credentials?: CredentialStore;
  retry?: RetryPolicy;
  concurrency?: number;
}

/** Everything below the screens and the CLI, wired once: profiles, journal, pipeline, outbox. */
export interface Core {
  home: string;
  profiles: ProfileStore;
  journal: Journal;
  drafts: Drafts;
  pipeline: Pipeline;
  outbox: Outbox;
  credentials: () => CredentialStore;
  connections: ReturnType<typeof createConnectionCache>;
  /** Rows left `sending` by a process that died, now `unknown`. */
  recovered: number;
  close(): Promise<void>;
}

/** Opens the data folder's profiles and journal, runs start-up recovery, and builds the pipeline. */
export function openCore(options: CoreOptions): Core {
  const profiles = openProfileStore(options.home);
  const db = openDatabase(join(options.home, 'journal.sqlite3'));
  const journal = new Journal(db);
  const recovered = journal.recover(processAlive);
  let store = options.credentials;
  const credentials = () => (store ??= createCredentialStore());
  const dispatcher = createDispatcher();
  const connections = createConnectionCache({
    credentials,
    dispatcher,
    sandboxUrl: options.sandboxUrl,
    env: options.env,
  });
  const pipeline = createPipeline({
    journal,
    profile: (name) => profiles.get(name),
    connection: (profile) => connections.get(profile),
    operator: operatorName(),
    retry: options.retry,
  });
  const outbox = new Outbox({
    journal,
    pipeline,
    concurrency: options.concurrency ?? profiles.active().concurrency,
    blockedCancellations: () =>
      profiles
        .list()
        .filter((p) => !p.cancellation.path)
        .map((p) => p.name),
  });
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
      await outbox.stop();
      await dispatcher.close();
      journal.close();
    },
  };
}
