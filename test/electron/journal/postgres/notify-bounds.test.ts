import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SubmissionRow } from '@shared/journal/types';
import { CHANGE_CHANNEL } from '@main/journal/postgres/schema/names';
import type { JournalStore } from '@main/journal/store';
import { entry, queued, sleep, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

// Anyone signed in may NOTIFY the change channel: what one announcement costs a desk is bounded.
describeOfficeOnly('office journal: announcements a clerk forges', () => {
  let office: Office;
  let desk: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    desk = await office.open('supervisor');
  }, 60_000);
  afterAll(() => office?.stop());

  it('one row announced thousands of times in one notification is pushed once; more ids than one part carries, not at all', async () => {
    const seen: SubmissionRow[] = [];
    const off = desk.onChange((changed) => seen.push(changed));
    try {
      const row = await queued(await office.open('clerk'), entry('NOTIFIED'));
      // The queue's own announcement first; then only what follows is counted.
      for (let i = 0; i < 100 && seen.length < 1; i += 1) await sleep(20);
      expect(seen.map((r) => r.id)).toEqual([row.id]);
      seen.length = 0;
      const repeated = Array.from({ length: 3999 }, () => String(row.id)).join(',');
      expect(repeated.length).toBeLessThan(8000);
      await office.sql('clerk2', 'SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, repeated]);
      for (let i = 0; i < 100 && seen.length < 1; i += 1) await sleep(20);
      await sleep(300);
      expect(seen.map((r) => r.id)).toEqual([row.id]);
      const many = Array.from({ length: 301 }, (_, i) => String(row.id + i)).join(',');
      await office.sql('clerk2', 'SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, many]);
      // A last announcement of the row alone: once it is heard, the two before it were handled.
      await office.sql('clerk2', 'SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, String(row.id)]);
      for (let i = 0; i < 100 && seen.length < 2; i += 1) await sleep(20);
      await sleep(200);
      expect(seen.map((r) => r.id)).toEqual([row.id, row.id]);
    } finally {
      off();
    }
  });
});
