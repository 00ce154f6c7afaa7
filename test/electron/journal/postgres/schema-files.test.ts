// The office journal's schema as files: frozen migrations (their checksums below: a shipped
// migration is never edited, the next change is the next file), one file per function (defining
// that function and nothing else), and the names the TypeScript side shares with that SQL.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS } from '@main/journal/postgres/schema/functions';
import { PG_MIGRATIONS } from '@main/journal/postgres/schema/migrations';
import { BATCH_LIMIT, CHANGE_CHANNEL } from '@main/journal/postgres/schema/names';

const SCHEMA = join(import.meta.dirname, '../../../../electron/main/journal/postgres/schema');

/** Every shipped migration and its sha256. Add a line for a new migration; never change one. */
const FROZEN: readonly [string, string][] = [
  ['001-tables-sending-people.sql', '6bc23646abcab294eee3c4f7494f568c04780fcba6512a597843314d696aca22'],
  ['002-batches.sql', '51c3d7d6df4e3e60ba1a2325c40ed411044338ae5245af44244fcc3bffe456da'],
  ['003-security.sql', '4c2a52d09c259b64da0f6016827fb340af6b0fc00379791d8c98a2e56353832e'],
  ['004-batch-rows.sql', '6b782030f8c166e6dea9facc35252189eb2d0dae27ac8b8d83b74a772bb49717'],
  ['005-supersede.sql', '71aaf8211171942424850895e537afb1c0f38c4ae9643b13de9c448bcc341768'],
  ['006-batch-sending.sql', 'e8e6eb3b3e429580a98b0ba4b548858c349757cc574bdb19d0826cbb1429d424'],
  ['007-admin-audit.sql', '0b78a6df349eba6523eed0d4c790a36ddab1d8d8dfb2d9e2aa0d9c823ada3acf'],
  ['008-privacy.sql', '50e481228db4ca80584566727c67e4553a496238ef42e37c3cc3717b666686fc'],
  ['009-draft-link.sql', 'e1495d8c0b969374aef7f97e8b374c747d1cb7253f9a0bbafb9544768575f840'],
  ['010-guard-waits.sql', '9812ceee814794d9b13a821974ba40efa8eec61a0451a704b1fc0aff8fd591b9'],
  ['011-twins-batch-retry.sql', '26855b6bb0db0c50ac981179226217fc92a4a1d42e83bfd39f46d613c7c7c609'],
  ['012-unclaim.sql', 'c74fa13b8f02d3bb02c117e65db25e85b0a884eb11c9a9c70c6367682c79d2c2'],
  ['013-revision.sql', '57b1cf230f95c2097c6580610cc1571bb5947ed65d78ac2d94ebfbe79015da67'],
  ['014-claims.sql', 'b02b6c2ca831f28aa3de8dd45721cb4349705bb071160391e2c5f77495a727bc'],
  ['015-fencing.sql', 'd815c8f1c956354c16209a397cf4aa526869b041769c1d4d7543a55b0b37a77f'],
  ['016-queue-indexes.sql', '9aa5b65d115a19b955a2d031cc6fb789fd093008c5bac79317bd9afc2c74ee24'],
  ['017-update-feed.sql', 'dc8f4b7f7931b2f1a3ddfcfd1ddd524b67587c2897baf648e3d09e607152d94b'],
];

const read = (folder: string, name: string) => readFileSync(join(SCHEMA, folder, name), 'utf8');

describe('office schema files', () => {
  it('every migration is a numbered file, in order, with the checksum it shipped with', () => {
    const files = readdirSync(join(SCHEMA, 'migrations')).sort();
    expect(files).toEqual(FROZEN.map(([name]) => name));
    for (const [name, sum] of FROZEN) {
      expect(createHash('sha256').update(read('migrations', name)).digest('hex'), name).toBe(sum);
    }
    expect(PG_MIGRATIONS).toEqual(files.map((name) => read('migrations', name)));
    files.forEach((name, i) => expect(name.slice(0, 3)).toBe(String(i + 1).padStart(3, '0')));
  });

  it('each function has one file, which defines it and nothing else, and every file is applied', () => {
    const files = readdirSync(join(SCHEMA, 'functions')).sort();
    expect(files.map((file) => file.replace(/\.sql$/, ''))).toEqual(Object.keys(FUNCTIONS).sort());
    for (const file of files) {
      const text = read('functions', file);
      const defined = [...text.matchAll(/CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+feed_desk\.(\w+)/gi)];
      expect(
        defined.map((m) => [m[2], Boolean(m[1])]),
        file,
      ).toEqual([[file.replace(/\.sql$/, ''), true]]);
      expect(FUNCTIONS[file.replace(/\.sql$/, '')]).toBe(text);
      expect(text, file).not.toMatch(/\$\{/); // literal SQL: nothing left of a template
    }
  });

  it('the functions use the names the TypeScript side uses', () => {
    expect(FUNCTIONS.announce).toContain(`'${CHANGE_CHANNEL}'`);
    // record_outcomes claims for claim_due too: the one place a claim's limit is checked.
    expect(FUNCTIONS.record_outcomes).toContain(`v_limit > ${BATCH_LIMIT} THEN`);
    expect(FUNCTIONS.record_outcomes).toContain(`json_array_length(p_outcomes) > ${BATCH_LIMIT} THEN`);
    expect(FUNCTIONS.claim_due).toContain('feed_desk.record_outcomes(');
  });
});
