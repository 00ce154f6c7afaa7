// Child process of the sending tests: opens the data folder HOME and sends what is due to the
// sandbox at SANDBOX_URL. argv: HOME SANDBOX_URL CONCURRENCY LEASE_MS WINDOW_MS; with
// FEED_DESK_TEST_JOURNAL_URL set, the journal is that office journal instead of HOME's.
// Prints "ready" once sending has started, "answered REFERENCE" as each answer reaches this
// process (before it is recorded), and "done" after draining.
import { openCore } from '@main/core/core';
import { createPostgresStore } from '@main/journal/postgres/store/store';

const [home = '', url = '', concurrency = '8', leaseMs = '30000', windowMs = '0'] = process.argv.slice(2);
const office = process.env.FEED_DESK_TEST_JOURNAL_URL;
const core = await openCore({
  home,
  sandboxUrl: () => url,
  concurrency: Number(concurrency),
  leaseMs: Number(leaseMs),
  groupWindowMs: Number(windowMs),
  ...(office ? { journal: () => createPostgresStore({ url: office }) } : {}),
});
// Each answer is announced as it arrives, by wrapping this process's client for the Sandbox profile.
const profile = core.profiles.get('Sandbox')!;
const connection = core.connections.get(profile);
const createEntry = connection.feed.createEntry.bind(connection.feed);
connection.feed.createEntry = async (parts) => {
  const record = await createEntry(parts);
  const reference = parts.find(([name]) => name === 'reference')?.[1];
  process.stdout.write(`answered ${reference}\n`);
  return record;
};
process.stdout.write('ready\n');
await core.outbox.drain();
await core.close();
process.stdout.write('done\n');
