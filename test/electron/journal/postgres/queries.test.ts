import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import { SORT_COLUMNS, type HistoryRow, type JournalFilter, type SubmissionRow } from '@shared/journal/types';
import { resolutionOf } from '@main/journal/resolution';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore, SendOutcome } from '@main/journal/store';
import { tempHome } from '@test/support/core';
import { entry, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

type Desk = Record<'clara' | 'cody' | 'sam', JournalStore>;
const SURNAMES = ['Smith', 'Jones', 'O_Brien', 'Percent%Lee', 'smithson', 'Ng'];
const RETRY_AT = '2099-01-02T03:04:05.678Z';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const outcomes: SendOutcome[] = [
  { state: 'accepted', recordid: 0, message: 'stored', httpStatus: 201 },
  {
    state: 'rejected',
    code: 'invalid',
    message: 'bad postcode',
    httpStatus: 400,
    fields: { postcode: 'bad' },
    nextAttemptAt: null,
  },
  { state: 'failed', code: 'network', message: 'refused', httpStatus: null, fields: null, nextAttemptAt: RETRY_AT },
  { state: 'unknown', code: 'timeout', message: 'no answer', httpStatus: null, fields: null, nextAttemptAt: null },
];

/** The same 60 submissions, sends and reviews, in the same order, into either journal. */
async function populate(desk: Desk): Promise<void> {
  const people = ['clara', 'cody', 'sam'] as const;
  for (let i = 0; i < 60; i += 1) {
    const who = people[i % 3] ?? 'clara';
    const base = entry(
      `REF-${i}`,
      { surname: SURNAMES[i % SURNAMES.length] ?? '', postcode: `AB${i % 4} 1CD` },
      i % 4 ? 'Sandbox' : 'Other',
    );
    const submission = i % 10 === 9 ? { ...base, kind: 'cancellation' as const, originalRecordid: i } : base;
    await desk[who].queue({ ...submission, operator: who }, true);
  }
  const lease = { owner: 'parity', ms: 60_000 };
  for (let id = 1; id <= 60; id += 1) {
    const outcome = outcomes[id % 5];
    if (!outcome) continue; // every fifth stays queued
    const claimed = (await desk.sam.claim(id, lease))!;
    await desk.sam.recordOutcome(
      claimed,
      lease.owner,
      outcome.state === 'accepted' ? { ...outcome, recordid: 1000 + id } : outcome,
    );
  }
  await desk.sam.markReviewed([7, 14, 21, 28, 35], 'seen');
  await desk.sam.markReviewed([42], '');
}

/** What both journals must agree on (times differ between two runs; their order is compared through the ids). */
const comparable = ({ createdAt, updatedAt, sendingAt, finishedAt, reviewedAt, ...rest }: SubmissionRow) => {
  for (const time of [createdAt, updatedAt]) expect(time).toMatch(ISO);
  for (const time of [sendingAt, finishedAt, reviewedAt]) if (time !== null) expect(time).toMatch(ISO);
  return { ...rest, sent: sendingAt !== null, finished: finishedAt !== null, reviewed: reviewedAt !== null };
};

describeOfficeOnly('office journal: review queries agree with the local journal', () => {
  let office: Office;
  let pg: Desk;
  let local: JournalStore;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    office = await startOffice();
    pg = { clara: await office.open('clerk'), cody: await office.open('clerk2'), sam: await office.open('supervisor') };
    local = createSqliteStore(join(tempHome('feed-desk-parity-'), 'journal.sqlite3'), 'sam');
    // The database names the clerks clara and cody; the local journal takes the operator given.
    await populate({ clara: local, cody: local, sam: local });
    await populate(pg);
  }, 60_000);
  afterAll(async () => {
    await local?.close();
    await office?.stop();
  });

  const filters: JournalFilter[] = [
    {},
    { states: ['accepted'] },
    { states: ['unknown', 'failed'], sort: 'reference', direction: 'asc' },
    { text: 'smi' },
    { text: 'SMITH' },
    { text: 'ab2' },
    { text: '12' },
    { text: '1010' },
    { text: '%' },
    { text: '_' },
    { text: 'Ng' },
    { text: 'nobody' },
    { profile: 'Other' },
    { operator: 'cody', kind: 'entry' },
    { kind: 'cancellation' },
    { reviewed: true },
    { reviewed: false, limit: 5, offset: 10 },
    { from: today, to: today },
    { to: '2000-01-01' },
    ...SORT_COLUMNS.flatMap((sort) => [
      { sort, direction: 'asc' as const, limit: 25, offset: 5 },
      { sort, direction: 'desc' as const, limit: 25 },
    ]),
  ];

  it.each(filters.map((f) => [JSON.stringify(f), f] as const))('lists %s the same', async (_name, filter) => {
    const [a, b] = await Promise.all([pg.clara.list(filter), local.list(filter)]);
    expect(a.total).toBe(b.total);
    if (filter.text !== 'nobody' && filter.to !== '2000-01-01') expect(a.total).toBeGreaterThan(0);
    expect(a.rows.map(comparable)).toEqual(b.rows.map(comparable));
  });

  it("counts exactly up to a screen's limit and estimates past it, saying so", async () => {
    // 60 rows: a limit of 100 counts them; a limit of 10 counts 11 and then asks the planner.
    expect(await pg.clara.list({ limit: 5 }, { countUpTo: 100 })).toMatchObject({ total: 60, about: false });
    expect(await pg.clara.list({ states: ['accepted'] }, { countUpTo: 100 })).toMatchObject({
      total: (await local.list({ states: ['accepted'] })).total,
      about: false,
    });
    const estimated = await pg.clara.list({ limit: 5 }, { countUpTo: 10 });
    expect(estimated.about).toBe(true);
    expect(estimated.total).toBeGreaterThan(10); // never below the rows counted
    expect(estimated.rows).toHaveLength(5);
    // Without a limit, and on the desk's journal, the count is exact.
    expect(await pg.clara.list({ limit: 5 })).toMatchObject({ total: 60, about: false });
    expect(await local.list({ limit: 5 }, { countUpTo: 10 })).toMatchObject({ total: 60, about: false });
    // A filter matching fewer rows than the limit is counted exactly even with a small limit.
    expect(await pg.clara.list({ text: 'nobody' }, { countUpTo: 10 })).toMatchObject({ total: 0, about: false });
  });

  it('iterates every match in the same order, a page at a time', async () => {
    for (const filter of [
      { sort: 'surname', direction: 'desc' } as const,
      { text: 'ref-1' },
      { states: ['queued' as const] },
    ]) {
      const collect = async (store: JournalStore) => {
        const ids: number[] = [];
        for await (const row of store.iterate(filter)) ids.push(row.id);
        return ids;
      };
      expect(await collect(pg.clara)).toEqual(await collect(local));
    }
    const early: number[] = [];
    for await (const row of pg.clara.iterate({})) if (early.push(row.id) === 3) break; // the connection goes back
    expect((await pg.clara.list({ limit: 1 })).total).toBe(60);
  });

  it('counts, facets and the report agree', async () => {
    expect(await pg.clara.attention()).toEqual(await local.attention());
    expect(await pg.clara.facets()).toEqual(await local.facets());
    expect(await pg.clara.openCounts('Sandbox')).toEqual(await local.openCounts('Sandbox'));
    const [a, b] = await Promise.all([pg.clara.report(today, today), local.report(today, today)]);
    const strip = ({ generatedAt, attention, ...rest }: Awaited<ReturnType<JournalStore['report']>>) => ({
      ...rest,
      generated: ISO.test(generatedAt),
      attention: attention.map(comparable),
    });
    expect(strip(a)).toEqual(strip(b));
    expect(a.total).toBe(60);
    expect((await pg.clara.report('2000-01-01', '2000-01-02')).total).toBe(0);
    expect(await pg.clara.nextRetryAt({ entries: ['Sandbox', 'Other'], cancellations: [] })).toBe(RETRY_AT);
  });

  it('gives each row and its history in the local formats', async () => {
    const [a, b] = await Promise.all([pg.clara.get(5), local.get(5)]);
    expect(a && comparable(a)).toEqual(b && comparable(b));
    const history = await pg.clara.history(5);
    // The office names the desk's database user where this computer's journal says `system`.
    const desk = (actor: string) => actor.replace(/^system \(\w+'s desk\)$/, 'system');
    expect(history.map(({ at, ...h }) => ({ ...h, actor: desk(h.actor), at: ISO.test(at) }))).toEqual(
      (await local.history(5)).map(({ at, ...h }) => ({ ...h, at: ISO.test(at) })),
    );
    expect(await pg.clara.get(9999)).toBeUndefined();
  });

  it("a rename carries only the renaming user's rows and drafts (profiles are each desk's), each noted in its history", async () => {
    await pg.cody.drafts.save('new-entry', 'Other', { reference: 'HALF' });
    await pg.clara.drafts.save('new-entry', 'Other', { reference: 'MINE' });
    await pg.clara.renameProfile('Other', 'Renamed');
    const moved = (await pg.clara.list({ profile: 'Renamed', limit: 100 })).rows;
    expect(moved.map((r) => r.operator)).toEqual(['clara', 'clara', 'clara', 'clara', 'clara']);
    expect((await pg.clara.list({ profile: 'Other' })).total).toBe(10);
    expect(await pg.cody.drafts.get('new-entry')).toMatchObject({ profile: 'Other' });
    expect(await pg.clara.drafts.get('new-entry')).toMatchObject({ profile: 'Renamed' });
    expect((await pg.clara.history(moved[0]!.id)).at(-1)).toMatchObject({
      actor: 'clara',
      note: 'profile renamed from Other to Renamed',
    });
    await pg.clara.renameProfile('Renamed', 'Other');
  });

  it("finds each row's resolution in SQL as resolutionOf finds it in the history, on both journals", async () => {
    // A person's decisions (a failed row discarded, an unknown one marked accepted, a rejected one
    // resent) beside the software's outcomes, reviews and renames, which resolve nothing.
    for (const desk of [pg.sam, local]) {
      await desk.discard(2, 'sent by phone');
      await desk.markAccepted(3, 4242, 'found on the portal');
      await desk.resend(6, 'fixed');
    }
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const [office, here, histories] = await Promise.all([
      pg.clara.resolutions(ids),
      local.resolutions(ids),
      pg.clara.histories(ids),
    ]);
    const strip = (found: Map<number, HistoryRow>) =>
      [...found].map(([id, { at, ...h }]) => [id, { ...h, at: ISO.test(at) }] as const);
    expect([...office.keys()]).toEqual([2, 3, 6]);
    expect(office.get(3)).toMatchObject({ fromState: 'unknown', toState: 'accepted', note: 'found on the portal' });
    expect(strip(office)).toEqual(
      ids.flatMap((id) => {
        const resolution = resolutionOf(histories.get(id) ?? []);
        return resolution ? strip(new Map([[id, resolution]])) : [];
      }),
    );
    expect(strip(here).map(([id, h]) => [id, { ...h, actor: 'sam' }])).toEqual(
      strip(office).map(([id, h]) => [id, { ...h, actor: 'sam' }]),
    );
  });
});
