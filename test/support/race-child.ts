// Child process for the duplicate race test: queues COUNT entries (RACE-0 … RACE-COUNT-1) into the
// journal at HOME as fast as it can, without sending; duplicates are refused and skipped.
import { openCore } from '@main/core/core';
import { sampleInput } from './service';

const [home = '', count = '100'] = process.argv.slice(2);
const core = await openCore({ home, sandboxUrl: () => undefined });
for (let i = 0; i < Number(count); i += 1) {
  await core.pipeline.submit({ kind: 'entry', input: sampleInput({ reference: `RACE-${i}` }), profile: 'Sandbox' });
}
await core.close();
