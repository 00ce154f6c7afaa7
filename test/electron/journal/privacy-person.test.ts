// A person's data: find it, export it as it was sent, erase it with a reason (both stores).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { writePersonExport } from '@main/journal/privacy-export';
import { JournalStateError } from '@main/journal/errors';
import { PERSONAL_FIELDS } from '@shared/journal/personal-fields';
import type { SubmissionRow } from '@shared/journal/types';
import { describeEachStore } from '@test/support/stores';
import { blanked, openRig, payload, personal, queue, stopOffice, type Rig } from './privacy-rig';

afterAll(() => stopOffice());

describeEachStore("a person's data: find, export, erase", (kind) => {
  let rig: Rig;
  const PERSON = { email: 'Ann.Oduya@Example.com', surname: 'Oduya', postcode: 'M1 1AE' };
  let theirs: number[] = [];
  beforeAll(async () => {
    rig = await openRig(kind);
    const { store } = rig;
    // 1,000 rows: three about Ann (the e-mail and surname written as keyed, in other cases and
    // spacing), near misses, and the rest.
    const made: SubmissionRow[] = [];
    for (let i = 0; i < 1000; i += 1) {
      let values = payload(`r${i}`);
      if (i === 100) values = payload('r100', PERSON);
      if (i === 500) values = payload('r500', { email: 'ann.oduya@example.COM', surname: 'ODUYA', postcode: 'm11ae' });
      if (i === 900)
        values = payload('r900', { email: ' ann.oduya@example.com', surname: 'oduya ', postcode: 'M1  1AE' });
      if (i === 101)
        values = payload('r101', { email: 'x.ann.oduya@example.com', surname: 'Oduya', postcode: 'M1 1AF' });
      if (i === 102) values = payload('r102', { surname: 'Oduyan', postcode: 'M1 1AE' });
      made.push(await queue(store, values));
    }
    theirs = [made[100]!.id, made[500]!.id, made[900]!.id];
  }, 180_000);
  afterAll(() => rig?.close());

  it('finds the three rows by e-mail, and by surname with postcode, whatever the case and spaces', async () => {
    const ids = (rows: SubmissionRow[]) => rows.map((r) => r.id);
    expect(ids(await rig.store.privacy.find({ email: 'ANN.ODUYA@example.com' }))).toEqual(theirs);
    expect(ids(await rig.store.privacy.find({ surname: ' oDUya', postcode: 'm1 1ae' }))).toEqual(theirs);
    expect(await rig.store.privacy.find({ email: 'nobody@example.com' })).toEqual([]);
  });

  it('exports them as they were sent, as CSV and as JSON with their history', async () => {
    let csv = '';
    expect(await writePersonExport(rig.store, theirs, 'csv', (t) => (csv += t))).toBe(3);
    const [notice, ...table] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(notice).toMatch(/^# Contains personal data/);
    const records = parse(table.join('\r\n'), { columns: true }) as Array<Record<string, string>>;
    expect(records.map((r) => [Number(r.id), r.email, r.surname, r.postcode])).toEqual([
      [theirs[0], PERSON.email, PERSON.surname, PERSON.postcode],
      [theirs[1], 'ann.oduya@example.COM', 'ODUYA', 'm11ae'],
      [theirs[2], ' ann.oduya@example.com', 'oduya ', 'M1  1AE'],
    ]);
    let json = '';
    await writePersonExport(
      rig.store,
      theirs,
      'json',
      (t) => (json += t),
      (row) => [['sent', row.reference]],
    );
    const parsed = JSON.parse(json) as {
      rows: Array<{ id: number; payload: Record<string, string>; sent_as: unknown; history: Array<{ to: string }> }>;
    };
    expect(parsed.rows.map((r) => r.id)).toEqual(theirs);
    expect(parsed.rows[0]?.payload).toEqual(payload('r100', PERSON));
    expect(parsed.rows[0]?.sent_as).toEqual([['sent', 'REF-r100']]);
    expect(parsed.rows[0]?.history.map((h) => h.to)).toEqual(['queued']);
    await expect(writePersonExport(rig.store, [999_999], 'csv', () => undefined)).rejects.toThrow(
      /No journal entry 999999/,
    );
  });

  it('erases them with a reason (who, when, why in the history), refusing rows that may still be sent', async () => {
    const { store } = rig;
    const listBefore = (await store.list({ limit: 1000, sort: 'id', direction: 'asc' })).rows.filter(
      (r) => !theirs.includes(r.id),
    );
    await expect(store.privacy.erase(theirs, 'access request 12')).rejects.toBeInstanceOf(JournalStateError);
    await expect(store.privacy.erase(theirs, 'access request 12')).rejects.toThrow(/is queued: it may still be sent/);
    expect(personal((await store.get(theirs[0]!))!)).toHaveLength(PERSONAL_FIELDS.length);
    await expect(store.privacy.erase([theirs[0]!], '   ')).rejects.toThrow(/needs a reason/);
    // A note quoting her, and rows an import left out: one hers (by e-mail), one someone else's.
    await store.discard(theirs[0]!, `${PERSON.surname} phoned to withdraw`);
    for (const id of theirs.slice(1)) await store.discard(id, 'customer withdrew');
    const batch = await store.batches.open({ profile: 'Sandbox', fileName: 'a.csv', contentHash: 'h', fileRows: 3 });
    const hers = payload('b1', { email: PERSON.email, postcode: PERSON.postcode });
    const other = payload('b2');
    await store.batches.leaveOut(batch.id, [
      {
        row: 2,
        status: 'invalid',
        errors: { account_code: `not for ${hers.surname}` },
        duplicateOf: null,
        values: hers,
      },
      {
        row: 3,
        status: 'invalid',
        errors: { account_code: `not for ${other.surname}` },
        duplicateOf: null,
        values: other,
      },
    ]);
    const hashesBefore = await rig.hashes(theirs);
    expect(hashesBefore.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);

    expect(await store.privacy.erase(theirs, `erasure request from Ann ${PERSON.surname}, ticket 12`)).toBe(3);
    // The payload's hash would confirm a guess at her details: it goes with them.
    expect(await rig.hashes(theirs)).toEqual(['removed', 'removed', 'removed']);
    expect((await store.history(theirs[0]!)).map((h) => h.note)).toEqual([
      null,
      '[removed] phoned to withdraw',
      'personal details erased: erasure request from Ann [removed], ticket 12',
    ]);
    expect(await store.batches.leftOut(batch.id)).toEqual([
      expect.objectContaining({ row: 2, values: blanked(hers), errors: { account_code: 'not for [removed]' } }),
      expect.objectContaining({ row: 3, values: other, errors: { account_code: `not for ${other.surname}` } }),
    ]);
    for (const id of theirs.slice(1)) {
      expect((await store.history(id)).at(-1)?.note).toBe(
        'personal details erased: erasure request from Ann [removed], ticket 12',
      );
    }
    for (const id of theirs) {
      const row = (await store.get(id))!;
      expect(personal(row)).toEqual([]);
      expect(row).toMatchObject({
        state: 'discarded',
        surname: '',
        postcode: '',
        reference: expect.stringMatching(/^REF-/),
      });
      expect((await store.history(id)).at(-1)).toMatchObject({
        fromState: 'discarded',
        toState: 'discarded',
        actor: kind === 'sqlite' ? 'desk-user' : 'sam',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
    expect(await store.privacy.find({ email: PERSON.email })).toEqual([]);
    expect(await store.privacy.find({ surname: PERSON.surname, postcode: PERSON.postcode })).toEqual([]);
    // The other 997 rows are untouched.
    expect(listBefore).toHaveLength(997);
    const listAfter = (await store.list({ limit: 1000, sort: 'id', direction: 'asc' })).rows.filter(
      (r) => !theirs.includes(r.id),
    );
    expect(listAfter).toEqual(listBefore);
  });
});
