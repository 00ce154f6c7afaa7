// Child process of the two-desk test: one desk on the office journal (argv: JOURNAL_URL SANDBOX_URL
// PREFIX COUNT [LEASE_MS]; the app's lease unless given: a desk that will be killed gets a short one). Queues COUNT entries PREFIX-0 … and sends whatever is due (any desk's rows) at
// concurrency 4 until nothing is left; prints "ready" once queueing starts, "queued N" every 50, "done" at the end.
import { LEASE_MS, openCore } from '@main/core/core';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleInput } from './service';

const [url = '', sandboxUrl = '', prefix = 'DESK', count = '500', leaseMs = String(LEASE_MS)] = process.argv.slice(2);
const core = await openCore({
  home: mkdtempSync(join(tmpdir(), 'feed-desk-desk-')),
  sandboxUrl: () => sandboxUrl,
  journal: () => createPostgresStore({ url }),
  concurrency: 4,
  leaseMs: Number(leaseMs),
  retry: { baseMs: 20, capMs: 100, maxAttempts: 5 },
});
core.outbox.start();
process.stdout.write('ready\n');
for (let i = 0; i < Number(count); i += 1) {
  const result = await core.pipeline.submit({
    kind: 'entry',
    input: sampleInput({ reference: `${prefix}-${i}` }),
    profile: 'Sandbox',
  });
  if (!result.ok) throw new Error(`not queued: ${JSON.stringify(result)}`);
  core.outbox.kick();
  if ((i + 1) % 50 === 0) process.stdout.write(`queued ${i + 1}\n`);
}
await core.outbox.drain();
await core.close();
process.stdout.write('done\n');
