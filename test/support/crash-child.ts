// Child process for the crash-safety test: queues entries and sends them through the real
// pipeline and outbox until the parent kills it. argv: HOME SANDBOX_URL COUNT RUN
import { openCore } from '@main/core/core';
import { sampleInput } from './service';

const [home = '', url = '', count = '300', run = '0'] = process.argv.slice(2);
const core = await openCore({
  home,
  sandboxUrl: () => url,
  concurrency: 4,
  leaseMs: 300,
  retry: { baseMs: 10, capMs: 50, maxAttempts: 5 },
});
core.outbox.start();
process.stdout.write('ready\n');
for (let i = 0; i < Number(count); i += 1) {
  const result = await core.pipeline.submit({
    kind: 'entry',
    input: sampleInput({ reference: `CRASH-${run}-${i}` }),
    profile: 'Sandbox',
  });
  if (!result.ok) throw new Error(`not queued: ${JSON.stringify(result)}`);
  core.outbox.kick();
  if (i % 8 === 0) await new Promise((r) => setTimeout(r, 1));
}
await core.outbox.drain();
await core.close();
process.stdout.write('done\n');
