// The customer data an office desk keeps in its data folder (drafts waiting for the office journal,
// the service's answers not recorded yet): sealed under this computer's journal key, and never
// overwritten when another key cannot open them.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { keepDraftsLocally, waitingDrafts, WAITING_DRAFTS_FILE } from '@main/core/local-drafts';
import type { JournalStore } from '@main/journal/store';
import { OutcomeSpill } from '@main/sending/outcome-spill';
import { tempHome } from '@test/support/core';

const SURNAME = 'Vexmoorland';

/** An office journal that is down: every draft save waits (what the real one does during a restart). */
function downJournal(): JournalStore {
  const never = () => new Promise<never>(() => undefined);
  return { drafts: { get: never, save: never, delete: never } } as unknown as JournalStore;
}

it('answers held while the office journal is down are sealed on disk, and read back with the key only', () => {
  const home = tempHome();
  const path = join(home, 'unrecorded-answers.jsonl');
  const key = randomBytes(32);
  const spill = new OutcomeSpill(path, key);
  spill.health(false);
  spill.keep({
    id: 7,
    owner: 'desk',
    claim: 1,
    outcome: { state: 'rejected', code: 'invalid', message: `${SURNAME} unknown`, httpStatus: 400, fields: null },
  } as never);
  expect(readFileSync(path, 'utf8')).not.toContain(SURNAME);
  expect(new OutcomeSpill(path, key).size).toBe(1);

  // Another key (a reset keychain) cannot open it: it is moved aside whole, not replaced or lost.
  const other = new OutcomeSpill(path, randomBytes(32));
  expect(other.size).toBe(0);
  expect(existsSync(path)).toBe(false);
  expect(new OutcomeSpill(`${path}.unreadable`, key).size).toBe(1);
});

it('answers are held in memory only when encryption is required and no key can seal them', () => {
  const path = join(tempHome(), 'unrecorded-answers.jsonl');
  const spill = new OutcomeSpill(path, undefined, false);
  spill.health(false);
  spill.keep({
    id: 1,
    owner: 'desk',
    claim: 1,
    outcome: { state: 'accepted', recordid: 1, message: 'ok', httpStatus: 201 },
  } as never);
  expect(spill.size).toBe(1);
  expect(existsSync(path)).toBe(false);
});

it('waiting drafts sealed under a key this computer no longer holds are set aside, not overwritten by the next save', async () => {
  const home = tempHome();
  const key = randomBytes(32);
  void keepDraftsLocally(downJournal(), home, key).drafts.save('entry', 'Sandbox', { surname: SURNAME });
  const file = join(home, WAITING_DRAFTS_FILE);
  expect(readFileSync(file, 'utf8')).not.toContain(SURNAME);
  const sealed = readFileSync(file, 'utf8');

  const newKey = randomBytes(32);
  void keepDraftsLocally(downJournal(), home, newKey).drafts.save('entry', 'Sandbox', { surname: 'Other' });
  expect(readFileSync(`${file}.unreadable`, 'utf8')).toBe(sealed);
  expect(waitingDrafts(home, newKey)).toMatchObject({ entry: { payload: { surname: 'Other' } } });
});
