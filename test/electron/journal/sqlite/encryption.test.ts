import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3-multiple-ciphers';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCredentialStore, KeychainUnavailableError, type CredentialStore } from '@main/credentials/keychain';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { JournalKeyError } from '@main/journal/errors';
import { localJournalPath, openLocalJournal } from '@main/journal/open';
import {
  createEncrypted,
  encryptingCopyOf,
  isPlainJournal,
  deriveKey,
  openDatabase,
  openKeyed,
  opensUnder,
} from '@main/journal/sqlite/database';
import { payloadHash } from '@main/journal/payload-hash';
import { journalCipher, lockOf, REQUIRE_ENCRYPTION_ENV } from '@main/journal/sqlite/journal-key';
import { createSqliteStore } from '@main/journal/sqlite/store';
import { openSqliteStore } from '@main/journal/sqlite/worker-store';
import type { JournalStore } from '@main/journal/store';
import { startCoreRig, tempHome, type CoreRig } from '@test/support/core';
import { testDesktop } from '@test/support/desktop';
import { memoryKeytar } from '@test/support/memory-keytar';
import { sampleInput } from '@test/support/service';

let rig: CoreRig | undefined;
const opened: JournalStore[] = [];
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

/** A customer no other test uses: every one of these must stay out of the data folder's files. */
const SENTINEL = { surname: 'Quillfeatherby', email: 'quill.sentinel@example.org', postcode: 'ZE3 9QX' };

/** Every file under a folder, read raw. */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, bytes: readFileSync(path) }];
  });
}

/** The files of a data folder holding any of the sentinel's values (as UTF-8, UTF-16 or upper case). */
function holdingSentinel(home: string): string[] {
  const needles = Object.values(SENTINEL).flatMap((value) =>
    [value, value.toUpperCase()].flatMap((v) => [Buffer.from(v, 'utf8'), Buffer.from(v, 'utf16le')]),
  );
  return filesUnder(home)
    .filter(({ bytes }) => needles.some((needle) => bytes.includes(needle)))
    .map(({ path }) => path);
}

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A credential store over an in-memory keychain (the real store's code; the keychain itself is tested elsewhere). */
function memoryCredentials(): CredentialStore & { items: Map<string, string> } {
  const keytar = memoryKeytar();
  return Object.assign(
    createCredentialStore(() => keytar, 'desk'),
    { items: keytar.items },
  );
}

/** A credential store whose keychain cannot be reached. */
const noKeychain = () =>
  createCredentialStore(() => {
    throw new KeychainUnavailableError('no Secret Service in this session');
  }, 'desk');

async function open(home: string, credentials: CredentialStore, env: NodeJS.ProcessEnv = {}) {
  const store = await openLocalJournal({ home, credentials, env }, 'clerk');
  opened.push(store);
  return store;
}

describe("this computer's journal at rest", () => {
  it('a customer keyed, left as a draft and imported in a batch appears in no file of the data folder, and the journal opens again', async () => {
    rig = await startCoreRig();
    expect(rig.core.journal.location).toMatchObject({ kind: 'local', encrypted: true });
    const desk = testDesktop();
    const dispatch = createDispatch(createHandlers(rig.core, desk.desktop));
    const call = async (channel: string, request: unknown) => {
      const answer = await dispatch(channel, request);
      if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
      return answer.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const keyed = await call('entries:submit', {
      profile: 'Sandbox',
      input: sampleInput({ reference: 'S-1', ...SENTINEL }),
    });
    await call('drafts:save', { screen: 'entry', profile: 'Sandbox', payload: { ...SENTINEL } });

    const s = sampleInput();
    const csv = join(tempHome(), 'sentinel.csv');
    const line = (ref: string, postcode: string) =>
      [s.account_code, ref, SENTINEL.surname, postcode, s.policy, s.total_value, s.policy_premium, '02/11/2026'].join(
        ',',
      );
    writeFileSync(
      csv,
      [
        'Account Code,Reference,Surname,Post code,Policy,Total value,Policy premium,Purchase date',
        line('S-2', SENTINEL.postcode),
        line('S-3', 'NOT A POSTCODE'),
      ].join('\n'),
    );
    desk.toOpen.push(csv);
    const { file } = await call('imports:choose', {});
    const request = { file, profile: 'Sandbox', dateOrder: 'DD/MM/YYYY' };
    await call('imports:check', request);
    const started = await call('imports:start', request);
    await rig.core.outbox.drain();
    expect(await rig.core.journal.batches.counts(started.batch.id)).toEqual({ accepted: 1 });

    expect(holdingSentinel(rig.home), 'while open: the journal, its WAL and shared memory').toEqual([]);
    const id = keyed.id as number;
    await rig.core.close();
    expect(holdingSentinel(rig.home), 'after closing').toEqual([]);

    const again = await rig.openOther();
    try {
      expect((await again.journal.get(id))?.payload).toMatchObject(SENTINEL);
      expect((await again.journal.drafts.get('entry'))?.payload).toEqual(SENTINEL);
    } finally {
      await again.close();
    }
    await rig.sandbox.close();
    rig = undefined;
  });

  it('a wrong key, a missing key or no keychain is a plain refusal, and the journal is left as it was', async () => {
    const home = tempHome();
    const credentials = memoryCredentials();
    const store = await open(home, credentials);
    await store.drafts.save('entry', 'Sandbox', { surname: 'Kept' });
    await store.close();
    const file = localJournalPath(home);
    const before = digest(file);

    const wrong = memoryCredentials();
    await wrong.journalKey.save(Buffer.alloc(32, 7));
    await expect(open(home, wrong)).rejects.toThrow(
      expect.objectContaining({
        name: 'JournalKeyError',
        message: expect.stringContaining('cannot be read with the key'),
      }),
    );
    await expect(open(home, memoryCredentials())).rejects.toThrow(
      expect.objectContaining({ name: 'JournalKeyError', message: expect.stringContaining('holds no key for it') }),
    );
    await expect(open(home, noKeychain())).rejects.toThrow(
      expect.objectContaining({ name: 'JournalKeyError', message: expect.stringContaining('no keychain') }),
    );
    expect(() => createSqliteStore(file, 'clerk')).toThrow(JournalKeyError);
    // A keychain item that is not a whole 32-byte key is refused, never used short nor replaced.
    const short = memoryCredentials();
    const half = credentials.items.get('Feed Desk journal key/desk')!.slice(0, 32);
    short.items.set('Feed Desk journal key/desk', half);
    await expect(open(home, short)).rejects.toThrow(
      expect.objectContaining({ name: 'JournalKeyError', message: expect.stringContaining('is not a key') }),
    );
    // Not for a new journal either: its key would be lost with what it sealed.
    await expect(open(tempHome(), short)).rejects.toThrow(/is not a key/);
    expect(short.items.get('Feed Desk journal key/desk')).toBe(half);
    expect(digest(file)).toBe(before);

    const back = await open(home, credentials);
    expect((await back.drafts.get('entry'))?.payload).toEqual({ surname: 'Kept' });
  });

  it('without a keychain the journal stays plain and says so; when encryption is required it is refused', async () => {
    const home = tempHome();
    const plain = await open(home, noKeychain());
    expect(plain.location).toMatchObject({ kind: 'local', encrypted: false });
    await plain.drafts.save('entry', 'Sandbox', { ...SENTINEL });
    await plain.close();
    expect(holdingSentinel(home), 'the scan finds a plain journal’s customer').toEqual([localJournalPath(home)]);
    expect(isPlainJournal(localJournalPath(home))).toBe(true);
    const before = digest(localJournalPath(home));
    await expect(open(home, noKeychain(), { [REQUIRE_ENCRYPTION_ENV]: '1' })).rejects.toThrow(
      expect.objectContaining({ name: 'JournalKeyError', message: expect.stringContaining('must be encrypted') }),
    );
    expect(digest(localJournalPath(home))).toBe(before);
    await expect(open(tempHome(), noKeychain(), { [REQUIRE_ENCRYPTION_ENV]: '1' })).rejects.toThrow(JournalKeyError);
  });

  it("a plain journal from today's version is encrypted in place: every row, history line, batch and draft survives", async () => {
    const home = tempHome();
    const file = localJournalPath(home);
    const plain = createSqliteStore(file, 'clerk');
    for (let i = 1; i <= 40; i += 1) {
      const payload = Object.fromEntries(
        Object.entries(sampleInput({ reference: `P-${i}` })).map(([k, v]) => [k, String(v)]),
      );
      const { row } = await plain.queue(
        { kind: 'entry', profile: 'Sandbox', payload, payloadHash: payloadHash('entry', payload), operator: 'clerk' },
        false,
      );
      if (i % 3 === 0) await plain.discard(row!.id, `note ${i}`);
    }
    const batch = await plain.batches.open({ profile: 'Sandbox', fileName: 'a.csv', contentHash: 'h', fileRows: 2 });
    await plain.batches.leaveOut(batch.id, [
      {
        row: 2,
        status: 'invalid',
        errors: { postcode: 'not a postcode' },
        duplicateOf: null,
        values: { postcode: 'x' },
      },
    ]);
    await plain.drafts.save('entry', 'Sandbox', { surname: 'Draft' });
    const snapshot = async (store: JournalStore) => {
      const { rows } = await store.list({ sort: 'id', direction: 'asc', limit: 1000 });
      return {
        rows,
        histories: [...(await store.histories(rows.map((row) => row.id))).entries()],
        batch: await store.batches.get(batch.id),
        leftOut: await store.batches.leftOut(batch.id),
        draft: await store.drafts.get('entry'),
      };
    };
    const before = await snapshot(plain);
    await plain.close();
    expect(isPlainJournal(file)).toBe(true);

    const credentials = memoryCredentials();
    const encrypted = await open(home, credentials);
    expect(encrypted.location).toMatchObject({ encrypted: true });
    expect(before.rows).toHaveLength(40);
    expect(await snapshot(encrypted)).toEqual(before);
    await encrypted.close();
    expect(isPlainJournal(file)).toBe(false);
    expect(existsSync(encryptingCopyOf(file)), 'the encrypted copy replaced the journal').toBe(false);
  });

  it("the keychain's key is the journal's raw key: no start derives one, and the journal's thread opens the file with it", async () => {
    const credentials = memoryCredentials();
    const file = localJournalPath(tempHome());
    const made = await journalCipher(credentials, file);
    expect(made.derived?.key.equals(made.key!)).toBe(true);
    expect(made.derived?.salt.equals(readFileSync(file).subarray(0, 16))).toBe(true);
    // Another key in the keychain's place: only the key and salt handed over, used as they are, open the file.
    const wrong = randomBytes(32);
    const store = await openSqliteStore(file, 'clerk', { key: wrong, derived: made.derived });
    opened.push(store);
    const payload = Object.fromEntries(
      Object.entries(sampleInput({ reference: 'DERIVED-1' })).map(([k, v]) => [k, String(v)]),
    );
    const queued = await store.queue(
      { kind: 'entry', profile: 'Sandbox', payload, payloadHash: payloadHash('entry', payload), operator: 'clerk' },
      false,
    );
    expect(queued.row?.state).toBe('queued');
    await store.close();
    // Not a passphrase: SQLCipher's own derivation from the keychain's key does not open it.
    expect(opensUnder(file, made.key!, { key: made.key!, salt: made.derived!.salt })).toBe(true);
    const derivedByTheOldRule = await deriveKey(made.key!, made.derived!.salt);
    expect(opensUnder(file, made.key!, derivedByTheOldRule)).toBe(false);
  });

  it('a journal keyed by an earlier version (a derived key) is re-keyed once to the raw key, every row kept; while another Feed Desk has it open it stays as it is', async () => {
    const credentials = memoryCredentials();
    const home = tempHome();
    const file = localJournalPath(home);
    const key = (await journalCipher(credentials, localJournalPath(tempHome()))).key!;
    // As an earlier version made it: the key derived inside SQLite from the keychain's, with a row in it.
    createEncrypted(file, key);
    const older = openDatabase(file, { key });
    older
      .prepare("INSERT INTO drafts (screen, profile, payload, updated_at) VALUES ('entry', 'Sandbox', '{}', 'now')")
      .run();
    older.close();
    const salt = readFileSync(file).subarray(0, 16);
    const legacy = await deriveKey(key, salt);
    expect(opensUnder(file, key, legacy)).toBe(true);

    // Held open by another process: left as it is, and this start opens it with the derived key.
    const other = openKeyed(file, key, undefined, legacy);
    other.pragma('journal_mode = WAL');
    other.prepare('SELECT count(*) FROM drafts').get();
    try {
      const held = await journalCipher(credentials, file);
      expect(held.derived?.key.equals(legacy.key)).toBe(true);
      expect(opensUnder(file, key, legacy)).toBe(true);
      expect(existsSync(encryptingCopyOf(file))).toBe(false);
    } finally {
      other.close();
    }

    // The next start re-keys it: the raw key opens it, the derived one no longer does, nothing lost.
    const cipher = await journalCipher(credentials, file);
    expect(cipher.derived).toEqual({ key, salt });
    expect(opensUnder(file, key, { key, salt })).toBe(true);
    expect(opensUnder(file, key, legacy)).toBe(false);
    expect(existsSync(encryptingCopyOf(file))).toBe(false);
    const db = openDatabase(file, { key: randomBytes(32), derived: cipher.derived });
    expect(db.prepare('SELECT count(*) FROM drafts').pluck().get()).toBe(1);
    db.close();
    // And once re-keyed, a start works it out without deriving: the same raw key and salt.
    expect(await journalCipher(credentials, file)).toMatchObject({ derived: { key, salt } });
  });

  it("the journal's thread starts while the key is read: it opens the file under the cipher that comes later, and a refusal ends it", async () => {
    const credentials = memoryCredentials();
    const file = localJournalPath(tempHome());
    let give!: (cipher: Awaited<ReturnType<typeof journalCipher>>) => void;
    const later = new Promise<Awaited<ReturnType<typeof journalCipher>>>((resolve) => (give = resolve));
    const opening = openSqliteStore(file, 'clerk', later);
    let settled = false;
    void opening.finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled, 'no journal before its cipher').toBe(false);
    give(await journalCipher(credentials, file));
    const store = await opening;
    opened.push(store);
    expect(store.location).toMatchObject({ kind: 'local', encrypted: true });
    expect(await store.list({})).toMatchObject({ total: 0 });
    await store.close();
    expect(isPlainJournal(file)).toBe(false);

    const refused = new JournalKeyError('no key for it');
    await expect(openSqliteStore(file, 'clerk', Promise.reject(refused))).rejects.toBe(refused);
  });

  it('the app and the CLI starting on a new data folder at once agree on one key', async () => {
    const file = localJournalPath(tempHome());
    const keytar = memoryKeytar();
    // A keychain that answers slowly, so both starts read "no key" before either saves one.
    const slow = {
      ...keytar,
      getPassword: async (service: string, account: string) => {
        await new Promise((resolve) => setTimeout(resolve, 15));
        return keytar.getPassword(service, account);
      },
    };
    const [a, b] = await Promise.all([
      journalCipher(
        createCredentialStore(() => slow, 'desk'),
        file,
      ),
      journalCipher(
        createCredentialStore(() => slow, 'desk'),
        file,
      ),
    ]);
    expect(a.key).toHaveLength(32);
    expect(b.key?.equals(a.key!)).toBe(true);
    const lock = new Database(lockOf(file), { timeout: 0 });
    expect(() => lock.exec('BEGIN EXCLUSIVE'), 'the lock is let go').not.toThrow();
    lock.close();
  });

  it('an encryption killed at any point leaves a journal that opens whole, and the half-made copy is removed', async () => {
    const home = tempHome();
    const file = localJournalPath(home);
    const plain = createSqliteStore(file, 'clerk');
    await plain.drafts.save('entry', 'Sandbox', { ...SENTINEL });
    await plain.close();
    // Enough pages that copying and rewriting them takes a while, so the kills land inside the work.
    const bulk = new Database(file);
    bulk.exec('CREATE TABLE filler (n INTEGER, text TEXT)');
    bulk.transaction(() => {
      const insert = bulk.prepare('INSERT INTO filler VALUES (?, ?)');
      for (let n = 0; n < 60_000; n += 1) insert.run(n, `${SENTINEL.surname} ${n} `.repeat(8));
    })();
    bulk.close();
    const pristine = join(home, 'pristine.sqlite3');
    copyFileSync(file, pristine);
    const key = Buffer.alloc(32, 3);

    const outcomes = new Set<string>();
    for (const delayMs of [0, 20, 60, 150, 400]) {
      copyFileSync(pristine, file);
      const child = spawn(process.execPath, [
        'bin/run-ts.mjs',
        'test/support/encrypt-child.ts',
        file,
        key.toString('hex'),
      ]);
      const said: string[] = [];
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          said.push(chunk.toString());
          if (said.join('').includes('start')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`the child stopped before starting (${code})`)));
      });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      outcomes.add(said.join('').includes('done') ? 'finished' : isPlainJournal(file) ? 'plain' : 'encrypted');

      const db = openDatabase(file, { key });
      try {
        expect(db.prepare('SELECT count(*) FROM filler').pluck().get()).toBe(60_000);
        expect(db.prepare('SELECT payload FROM drafts').pluck().get()).toContain(SENTINEL.surname);
      } finally {
        db.close();
      }
      expect(isPlainJournal(file)).toBe(false);
      expect(existsSync(encryptingCopyOf(file))).toBe(false);
      expect(existsSync(`${encryptingCopyOf(file)}-journal`)).toBe(false);
      expect(holdingSentinel(home).filter((path) => path !== pristine)).toEqual([]);
    }
    // Killed before it finished at least once (else the test proved nothing of a crash), however fast the machine.
    expect(outcomes.has('plain'), [...outcomes].join(', ')).toBe(true);
  }, 60_000);

  it('a plain journal another process has open is left plain and whole, with a message saying why', async () => {
    const home = tempHome();
    const file = localJournalPath(home);
    const plain = createSqliteStore(file, 'clerk');
    await plain.drafts.save('entry', 'Sandbox', { surname: 'Kept' });
    await plain.close();
    const other = new Database(file);
    other.pragma('journal_mode = WAL');
    other.prepare('SELECT count(*) FROM drafts').get();
    try {
      expect(() => openDatabase(file, { key: Buffer.alloc(32, 9) })).toThrow(
        expect.objectContaining({ name: 'JournalKeyError', message: expect.stringContaining('has it open') }),
      );
      expect(isPlainJournal(file)).toBe(true);
      expect(existsSync(encryptingCopyOf(file))).toBe(false);
      expect(other.prepare('SELECT count(*) FROM drafts').pluck().get()).toBe(1);
    } finally {
      other.close();
    }
    const db = openDatabase(file, { key: Buffer.alloc(32, 9) });
    expect(db.prepare('SELECT count(*) FROM drafts').pluck().get()).toBe(1);
    db.close();
    expect(isPlainJournal(file)).toBe(false);
  });

  it('a start waits for the one that holds the lock, and goes on at once when that process dies', async () => {
    const file = localJournalPath(tempHome());
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D = require('better-sqlite3-multiple-ciphers'); const db = new D(process.argv[1]);
         db.exec('BEGIN EXCLUSIVE'); process.stdout.write('held'); setInterval(() => {}, 1000);`,
        lockOf(file),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    let settled = false;
    const starting = journalCipher(memoryCredentials(), file).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled, 'waits while another process holds the lock').toBe(false);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    const cipher = await starting;
    expect(cipher.key).toHaveLength(32);
    const db = openKeyed(file, cipher.key, undefined, cipher.derived);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    db.close();
  });
});
