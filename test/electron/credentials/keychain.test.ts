import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createCredentialStore } from '../../../electron/main/credentials/keychain';

const noBus = !process.env.DBUS_SESSION_BUS_ADDRESS;
const reason = noBus ? ' [SKIPPED: no D-Bus session with a Secret Service; run through `npm test`]' : '';
if (noBus) console.warn(`keychain tests skipped:${reason}`);

function probe(env: NodeJS.ProcessEnv): { ok: boolean; name?: string; message?: string } {
  const out = execFileSync(process.execPath, ['bin/run-ts.mjs', 'test/support/keychain-probe.ts'], {
    env,
    encoding: 'utf8',
    timeout: 20_000,
  });
  return JSON.parse(out.trim()) as { ok: boolean; name?: string; message?: string };
}

describe('credentials in a real keychain', () => {
  it.skipIf(noBus)(`saves, reads, reports and deletes one item per profile${reason}`, async () => {
    const store = createCredentialStore();
    const profile = `test-${randomUUID()}`;
    expect(await store.has(profile)).toBe(false);
    expect(await store.read(profile)).toBeUndefined();
    await store.save(profile, { clientId: 'client-1', clientSecret: 's3cret-Ω-value' });
    expect(await store.has(profile)).toBe(true);
    expect(await store.read(profile)).toEqual({ clientId: 'client-1', clientSecret: 's3cret-Ω-value' });
    await store.save(profile, { clientId: 'client-1', clientSecret: 'rotated' });
    expect((await store.read(profile))?.clientSecret).toBe('rotated');
    expect(await store.delete(profile)).toBe(true);
    expect(await store.has(profile)).toBe(false);
  });

  it('refuses to save, with a clear message, when no Secret Service is running', () => {
    const result = probe({ ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' });
    expect(result.ok).toBe(false);
    expect(result.name).toBe('KeychainUnavailableError');
    expect(result.message).toMatch(/No OS keychain is available, so the credentials were not saved/);
    expect(result.message).not.toContain('probe-secret-value');
  });
});
