import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openProfileStore } from '@main/profiles/profile-store';

const home = () => mkdtempSync(join(tmpdir(), 'feed-desk-profiles-'));

describe('profile store', () => {
  it('always has the Sandbox profile, active by default', () => {
    const store = openProfileStore(home());
    expect(store.list().map((p) => p.name)).toEqual(['Sandbox']);
    expect(store.active().name).toBe('Sandbox');
    expect(store.active().cancellation.path).toBe('/v1/feed/createcancellation');
  });

  it('adds, switches and removes profiles', () => {
    const dir = home();
    const store = openProfileStore(dir);
    store.put({ name: 'Live', baseUrl: 'https://feed.example.com', dateFormat: 'DD/MM/YYYY' });
    store.setActive('Live');
    const again = openProfileStore(dir);
    expect(again.active()).toMatchObject({ name: 'Live', dateFormat: 'DD/MM/YYYY', blankMode: 'send' });
    again.remove('Live');
    expect(openProfileStore(dir).active().name).toBe('Sandbox');
  });

  it('has no place for a secret: a profile carrying one is refused, and the file never holds it', () => {
    const dir = home();
    const store = openProfileStore(dir);
    expect(() =>
      store.put({ name: 'Live', baseUrl: 'https://feed.example.com', clientSecret: 'leaked-secret' } as never),
    ).toThrow(/clientSecret|Unrecognized/);
    store.put({ name: 'Live', baseUrl: 'https://feed.example.com' });
    expect(readFileSync(join(dir, 'profiles.json'), 'utf8')).not.toContain('leaked-secret');
  });

  it('refuses plain http except on loopback, and removing Sandbox', () => {
    const store = openProfileStore(home());
    expect(() => store.put({ name: 'Plain', baseUrl: 'http://feed.example.com' })).toThrow(/https/);
    expect(store.put({ name: 'Local', baseUrl: 'http://[::1]:8080' }).baseUrl).toBe('http://[::1]:8080');
    expect(store.put({ name: 'Loop', baseUrl: 'http://127.3.0.1' }).name).toBe('Loop');
    expect(() => store.remove('Sandbox')).toThrow(/cannot be removed/);
  });

  it('keeps a corrupt file aside and reports it instead of silently replacing it', () => {
    const dir = home();
    writeFileSync(join(dir, 'profiles.json'), '{"version":1,"active":');
    const store = openProfileStore(dir);
    expect(store.warning).toMatch(/could not be read .* kept as .*profiles\.json\.corrupt-/);
    const aside = readdirSync(dir).find((f) => f.startsWith('profiles.json.corrupt-'));
    expect(aside && readFileSync(join(dir, aside), 'utf8')).toBe('{"version":1,"active":');
    expect(store.list().map((p) => p.name)).toEqual(['Sandbox']);
  });

  it('a profile this version cannot use does not cost the others', () => {
    const dir = home();
    const good = { name: 'Live', baseUrl: 'https://feed.example.com' };
    const refused = { name: 'Odd', baseUrl: 'http://127.0.0.1:6000' };
    writeFileSync(
      join(dir, 'profiles.json'),
      JSON.stringify({ version: 1, active: 'Live', profiles: [good, refused] }),
    );
    const store = openProfileStore(dir);
    expect(store.list().map((p) => p.name)).toEqual(['Sandbox', 'Live']);
    expect(store.active().name).toBe('Live');
    expect(store.warning).toMatch(/profile 2: Port 6000 .*kept as .*profiles\.json\.corrupt-/);
    expect(openProfileStore(dir).warning).toBeUndefined();
  });
});
