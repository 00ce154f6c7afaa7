import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createCredentialStore } from '@main/credentials/keychain';
import { profileSchema, type Profile } from '@shared/profile/schema';

const at = (name: string, baseUrl: string): Profile => profileSchema.parse({ name, baseUrl });

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
    const profile = at(`test-${randomUUID()}`, 'https://feed.example');
    expect(await store.has(profile)).toBe(false);
    expect(await store.read(profile)).toBeUndefined();
    await store.save(profile, { clientId: 'client-1', clientSecret: 's3cret-Ω-value' });
    expect(await store.has(profile)).toBe(true);
    expect(await store.read(profile)).toEqual({ clientId: 'client-1', clientSecret: 's3cret-Ω-value' });
    await store.save(profile, { clientId: 'client-1', clientSecret: 'rotated' });
    expect((await store.read(profile))?.clientSecret).toBe('rotated');
    expect(await store.delete(profile.name)).toBe(true);
    expect(await store.has(profile)).toBe(false);
  });

  it.skipIf(noBus)(`binds a secret to the origin it was saved for${reason}`, async () => {
    const store = createCredentialStore();
    const name = `test-${randomUUID()}`;
    await store.save(at(name, 'https://feed.example/api'), { clientId: 'c', clientSecret: 'bound-secret' });
    // Same origin, other path: still ours. Another host, scheme or port: nothing to send.
    expect(await store.read(at(name, 'https://feed.example/v2'))).toEqual({
      clientId: 'c',
      clientSecret: 'bound-secret',
    });
    for (const elsewhere of ['https://evil.example', 'https://feed.example:8443', 'http://127.0.0.1:8080']) {
      expect(await store.read(at(name, elsewhere))).toBeUndefined();
      expect(await store.has(at(name, elsewhere))).toBe(false);
    }
    // A rename keeps the secret only while the origin stays.
    const renamed = at(`${name}-b`, 'https://feed.example');
    await store.rename(name, renamed);
    expect(await store.read(renamed)).toEqual({ clientId: 'c', clientSecret: 'bound-secret' });
    expect(await store.read(at(name, 'https://feed.example'))).toBeUndefined();
    const moved = at(`${name}-c`, 'https://other.example');
    await store.rename(renamed.name, moved);
    expect(await store.read(moved)).toBeUndefined();
    expect(await store.read(renamed)).toBeUndefined();
  });

  it('answers "no keychain" from every call when keytar cannot be loaded, with no file path', async () => {
    const store = createCredentialStore(() => {
      throw Object.assign(new Error("Cannot find module 'keytar'\nRequire stack:\n- /home/x/app.js"), {
        code: 'MODULE_NOT_FOUND',
      });
    });
    const profile = at('Live', 'https://feed.example');
    await expect(store.has(profile)).rejects.toThrow(/No OS keychain is available/);
    await expect(store.read(profile)).rejects.toThrow(/No OS keychain is available/);
    const availability = await store.availability();
    expect(availability.available).toBe(false);
    expect(JSON.stringify(availability)).not.toMatch(/Require stack|\/home\/x/);
  });

  it('refuses to save, with a clear message, when no Secret Service is running', () => {
    const result = probe({ ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' });
    expect(result.ok).toBe(false);
    expect(result.name).toBe('KeychainUnavailableError');
    expect(result.message).toMatch(/No OS keychain is available, so Feed Desk cannot keep or read client secrets/);
    expect(result.message).not.toContain('probe-secret-value');
  });
});
