// Child process of the bulk tests: `feed-desk submit --csv FILE --concurrency 2` as the command runs
// it (submitCsv), on the data folder HOME against the sandbox at SANDBOX_URL, but with a lease of
// LEASE_MS, so a test that kills it need not wait out the CLI's minute. argv: HOME SANDBOX_URL FILE LEASE_MS
import { submitCsv } from '../../electron/cli/bulk';
import { openCore } from '@main/core/core';

const [home = '', url = '', file = '', leaseMs = '2000'] = process.argv.slice(2);
const core = await openCore({ home, sandboxUrl: () => url, concurrency: 2, leaseMs: Number(leaseMs) });
const profile = core.profiles.get('Sandbox')!;
const ctx = { core, profile: () => profile, ready: () => void core.connections.get(profile) };
await submitCsv(ctx, file, profile, { wait: 120, dateOrder: 'YYYY-MM-DD' });
await core.close();
