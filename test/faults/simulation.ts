// The fault-schedule simulation: a seeded generator drives two to four desks on one journal (the
// real SQLite or PostgreSQL store) against a model of the insurer's service, injecting the faults
// that example tests miss, then checks the promise against the service's own store: each policy
// stored at most once unless a person confirmed a duplicate, every row accounted for, no wrong exit.
//
// One step runs at a time, each chosen by the seed, so a schedule replays exactly from its seed
// (`npm run faults -- --seed S`). Interleavings between two reads of one operation (the batch
// status) are made by running another desk's claim inside that gap.
import { join } from 'node:path';
import type { Core } from '@main/core/core';
import { batchStatus } from '@main/import/batch-queue';
import { createSqliteStore } from '@main/journal/sqlite/store';
import type { JournalStore, Lease, RecordOutcome, SendOutcome } from '@main/journal/store';
import type { SubmissionRow } from '@shared/journal/types';
import { claimingBetweenReads } from '../support/claiming-between-reads';
import { tempHome } from '../support/core';
import pg from 'pg';
import { createPostgresStore } from '@main/journal/postgres/store/store';
import { newOfficeDatabase, officeServer, RIG_USER } from '../support/office-journal';
import { OWNER } from '../support/postgres';

export type FaultStore = 'sqlite' | 'postgres';

/** What one schedule found. */
export interface ScheduleResult {
  seed: number;
  store: FaultStore;
  steps: number;
  storedTwice: string[];
  unaccounted: string[];
  wrongExits: string[];
  /** How often each fault and answer came up (for the long run's summary). */
  events: Record<string, number>;
}

/** mulberry32: a small seeded generator, the same numbers for the same seed on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}

const PROFILE = 'S';
const SENDABLE = { entries: [PROFILE], cancellations: [] };
/** Desks' leases are short, so a send slower than its lease happens within a schedule. */
const LEASE_MS = 20;

/** The service's answers a send can meet, with how the service's store and the desk see each. */
const ANSWERS = [
  'accepted',
  'accepted',
  'accepted',
  'rejected',
  'busy-503',
  'busy-429',
  'gateway-502',
  'gateway-504',
  'lost-after-store',
  'slower-than-lease',
] as const;
type Answer = (typeof ANSWERS)[number];

interface InFlight {
  row: SubmissionRow;
  /** The answer, once the service gave it (the desk holds it until it is recorded). */
  outcome?: SendOutcome;
}

interface Desk {
  name: string;
  journal: JournalStore;
  lease: Lease;
  batchId: number;
  nextFileRow: number;
  alive: boolean;
  inFlight: InFlight[];
  /** Record calls whose commit went through but whose acknowledgement was lost: tried again later. */
  unacknowledged: RecordOutcome[][];
}

/** The insurer's own store: what it holds is the truth the journal is checked against. */
interface ServiceRecord {
  policy: string;
  rowId: number;
  claim: number;
  recordid: number;
}

/** One office journal per process (office init once); each schedule starts from it emptied. */
let office: Promise<string> | undefined;

/** The journal's rows of every kind removed and its ids started again, as the owner: a fresh journal. */
async function emptied(name: string): Promise<void> {
  const server = await officeServer();
  const owner = new pg.Client({ connectionString: server.url(OWNER, undefined, name) });
  await owner.connect();
  try {
    await owner.query(`TRUNCATE feed_desk.history, feed_desk.batch_rows, feed_desk.submissions, feed_desk.batches,
      feed_desk.drafts, feed_desk.paused_profiles RESTART IDENTITY`);
  } finally {
    await owner.end();
  }
}

/** Opens `count` desks' connections to one fresh journal of the kind; `drop` removes it after. */
async function openJournals(
  store: FaultStore,
  count: number,
): Promise<{ journals: JournalStore[]; drop: () => Promise<void> }> {
  if (store === 'sqlite') {
    const path = join(tempHome('feed-desk-faults-'), 'journal.sqlite3');
    return { journals: Array.from({ length: count }, () => createSqliteStore(path, 'clerk')), drop: async () => {} };
  }
  const server = await officeServer();
  office ??= newOfficeDatabase(server, 'faults');
  const name = await office;
  await emptied(name);
  const url = server.url(RIG_USER.user, RIG_USER.password, name);
  const journals = await Promise.all(Array.from({ length: count }, () => createPostgresStore({ url })));
  return { journals, drop: async () => {} };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one schedule of the seed on a fresh journal of the kind; never throws for a broken invariant. */
export async function runSchedule(seed: number, store: FaultStore): Promise<ScheduleResult> {
  const rng = generator(seed);
  const events: Record<string, number> = {};
  const trace = process.env.FAULTS_TRACE === '1';
  const note = (what: string, detail = '') => {
    events[what] = (events[what] ?? 0) + 1;
    if (trace) console.log(`  ${what}${detail ? ` ${detail}` : ''}`);
  };
  const deskCount = 2 + rng.int(3);
  const { journals, drop } = await openJournals(store, deskCount + 1);
  const supervisor = journals[deskCount]!;
  const service: ServiceRecord[] = [];
  const confirmed = new Set<string>();
  const wrongExits: string[] = [];
  // Mostly new policies, now and then one keyed before (the same entry keyed twice).
  const used: string[] = [];
  const policy = () => {
    if (used.length > 0 && rng.chance(0.2)) return rng.pick(used);
    const fresh = `FG-${seed}-${String(used.length).padStart(5, '0')}`;
    used.push(fresh);
    return fresh;
  };
  let nextRecordid = 1;
  let references = 0;

  const desks: Desk[] = [];
  for (let i = 0; i < deskCount; i += 1) {
    const journal = journals[i]!;
    const batch = await journal.batches.open({
      profile: PROFILE,
      fileName: `desk-${i}.csv`,
      contentHash: `faults-${seed}-${i}`,
      fileRows: 0,
    });
    desks.push({
      name: `desk-${i}`,
      journal,
      lease: { owner: `desk-${i}-run-0`, ms: LEASE_MS },
      batchId: batch.id,
      nextFileRow: 2,
      alive: true,
      inFlight: [],
      unacknowledged: [],
    });
  }

  /** Live desks keep their leases (a send in flight renews every few seconds in the app). */
  const renewAll = async (except?: Desk) => {
    for (const d of desks) if (d.alive && d !== except && d.inFlight.length > 0) await d.journal.renewLeases(d.lease);
  };

  const payloadFor = (policy: string) => {
    references += 1;
    return { reference: `SO-${seed}-${references}`, policy, surname: 'Jones', postcode: 'M1 1AE' };
  };

  /** A clerk keys an entry (a batch row or New entry); a held duplicate is confirmed only now and then. */
  async function key(desk: Desk, policy: string) {
    const payload = payloadFor(policy);
    const submission = {
      kind: 'entry' as const,
      profile: PROFILE,
      operator: 'clerk',
      payload,
      payloadHash: payload.reference,
    };
    if (rng.chance(0.7)) {
      const row = desk.nextFileRow++;
      const [queued] = await desk.journal.batches.queue(desk.batchId, [{ row, allowDuplicate: false, submission }]);
      note(`keyed in a batch: ${queued!.outcome}`);
      return;
    }
    const queued = await desk.journal.queue(submission, false);
    if (queued.duplicate && rng.chance(0.15)) {
      // A person read the question and confirmed it: this policy may be stored twice.
      confirmed.add(policy);
      await desk.journal.queue(submission, true);
      note('duplicate confirmed by a person');
    } else note(queued.duplicate ? 'keyed: held as a possible duplicate' : 'keyed');
  }

  /** A failed answer that nothing was sent for (a forged one). */
  function serveless(answer: 'busy-503'): SendOutcome {
    return {
      state: 'failed',
      code: 'unavailable',
      message: `forged ${answer}`,
      httpStatus: 503,
      fields: null,
      nextAttemptAt: new Date(Date.now() - 1).toISOString(),
    };
  }

  /** The service answers one send of `row` (this claim); returns what the desk will record. */
  function serve(row: SubmissionRow, answer: Answer): SendOutcome {
    note(`answer ${answer}`, `#${row.id} claim ${row.claim}`);
    const store = () => {
      const recordid = nextRecordid++;
      service.push({ policy: row.policy, rowId: row.id, claim: row.claim, recordid });
      return recordid;
    };
    const due = new Date(Date.now() - 1).toISOString();
    switch (answer) {
      case 'accepted':
        return { state: 'accepted', recordid: store(), message: 'Record created', httpStatus: 201 };
      case 'rejected':
        return {
          state: 'rejected',
          code: 'invalid',
          message: 'reference: unknown order',
          httpStatus: 400,
          fields: { reference: 'unknown order' },
          nextAttemptAt: null,
        };
      case 'busy-503':
      case 'busy-429':
        return {
          state: 'failed',
          code: 'unavailable',
          message: 'Try again later',
          httpStatus: answer === 'busy-503' ? 503 : 429,
          fields: null,
          nextAttemptAt: due,
        };
      case 'gateway-502':
      case 'gateway-504':
        // A gateway may answer so after the service stored the entry.
        if (rng.chance(0.5)) store();
        return {
          state: 'unknown',
          code: 'gateway',
          message: 'Bad gateway',
          httpStatus: 502,
          fields: null,
          nextAttemptAt: null,
        };
      case 'lost-after-store':
        store();
        return {
          state: 'unknown',
          code: 'timeout',
          message: 'No answer',
          httpStatus: null,
          fields: null,
          nextAttemptAt: null,
        };
      case 'slower-than-lease':
        return { state: 'accepted', recordid: store(), message: 'Record created', httpStatus: 201 };
    }
  }

  /** Records a desk's answered sends in one group commit; a lost acknowledgement leaves them to try again. */
  async function record(desk: Desk) {
    const answered = desk.inFlight.filter((f) => f.outcome);
    if (answered.length === 0) return;
    // One commit names a row once (the group commit's rows are each a send of its own).
    const group = answered
      .filter((f, i) => answered.findIndex((g) => g.row.id === f.row.id) === i)
      .slice(0, 1 + rng.int(3));
    const items: RecordOutcome[] = group.map((f) => ({
      id: f.row.id,
      owner: desk.lease.owner,
      claim: f.row.claim,
      outcome: f.outcome!,
    }));
    desk.inFlight = desk.inFlight.filter((f) => !group.includes(f));
    const wantsNext = rng.chance(0.5);
    const result = await desk.journal.recordOutcomes(
      items,
      wantsNext ? { lease: desk.lease, sendable: SENDABLE, limit: 1 } : undefined,
    );
    for (const row of result.next) desk.inFlight.push({ row });
    if (trace) {
      note(
        'recorded',
        `${desk.name}: ${items.map((i) => `#${i.id} claim ${i.claim} ${i.outcome.state}`).join(', ')} -> ${result.rows.map((r) => `#${r.id} ${r.state}`).join(', ')}; next ${result.next.map((r) => `#${r.id} claim ${r.claim}`).join(', ')}`,
      );
    }
    if (rng.chance(0.25)) {
      // The commit went through; the answer to it did not (a cut connection, a commit held past its
      // timeout, an outcome spill replayed): the desk records the same outcomes again later.
      desk.unacknowledged.push(items);
      note('lost acknowledgement of a commit');
    }
  }

  async function step(): Promise<void> {
    const desk = rng.pick(desks);
    if (!desk.alive) {
      // A desk restarted after a SIGKILL: a new sender id; its old leases run out and become unknown.
      await sleep(LEASE_MS + 10);
      await renewAll();
      desk.alive = true;
      desk.lease = { owner: `${desk.name}-run-${rng.int(1e9)}`, ms: LEASE_MS };
      await desk.journal.expireLeases();
      note('desk restarted');
      return;
    }
    const roll = rng.next();
    if (roll < 0.2) {
      await key(desk, policy());
    } else if (roll < 0.38) {
      const rows = await desk.journal.claimDue(desk.lease, SENDABLE, 1 + rng.int(3));
      for (const row of rows) desk.inFlight.push({ row });
      if (trace) note('claimed', `${desk.name}: ${rows.map((r) => `#${r.id} claim ${r.claim}`).join(', ')}`);
    } else if (roll < 0.58) {
      const waiting = desk.inFlight.filter((f) => !f.outcome);
      if (waiting.length === 0) return;
      const flight = rng.pick(waiting);
      const answer = rng.pick(ANSWERS);
      flight.outcome = serve(flight.row, answer);
      if (answer === 'slower-than-lease') {
        // The answer comes after the lease ran out: another desk's sweep has made the row unknown.
        await renewAll(desk);
        await sleep(LEASE_MS + 10);
        await renewAll(desk);
        await rng.pick(desks.filter((d) => d.alive)).journal.expireLeases();
      }
    } else if (roll < 0.76) {
      await record(desk);
      // `submit --csv` reads its batch's status after outcomes to decide whether it is done.
      if (rng.chance(0.5)) await checkStatus(desk);
    } else if (roll < 0.84) {
      const items = desk.unacknowledged.shift();
      if (items) {
        const again = await desk.journal.recordOutcomes(items);
        if (trace) note('recorded again', again.rows.map((r) => `#${r.id} ${r.state} claim ${r.claim}`).join(', '));
        note('record tried again after a lost acknowledgement');
      }
    } else if (roll < 0.88) {
      // SIGKILL: what the desk held in memory is gone (answers it had not recorded are lost with it).
      desk.alive = false;
      desk.inFlight = [];
      desk.unacknowledged = [];
      note('desk killed', desk.name);
    } else if (roll < 0.93) {
      await supervise();
    } else if (roll < 0.95) {
      await forge(desk);
    } else {
      await checkStatus(desk);
    }
  }

  /**
   * A desk (a clerk at a plain client) answers for a row another desk is sending, naming no sender
   * and no claim: it must be refused, or the row is settled under the sender's feet and sent again.
   */
  async function forge(desk: Desk) {
    const others = desks.filter((d) => d !== desk && d.alive).flatMap((d) => d.inFlight.filter((f) => !f.outcome));
    if (others.length === 0) return;
    const target = rng.pick(others).row;
    const forged = {
      id: target.id,
      owner: null,
      claim: null,
      outcome: serveless('busy-503'),
    } as unknown as RecordOutcome;
    const refused = await desk.journal.recordOutcomes([forged]).then(
      () => false,
      () => true,
    );
    note(refused ? 'an outcome without sender or claim refused' : 'an outcome without sender or claim recorded');
  }

  /** A supervisor resolves one row needing a person, as a careful supervisor does: asks the insurer first. */
  async function supervise() {
    const { rows } = await supervisor.list({ states: ['unknown', 'rejected', 'failed'], limit: 50 });
    if (rows.length === 0) return;
    const row = rng.pick(rows);
    if (row.state === 'unknown') {
      // A careful supervisor asks the insurer, and resends only once no running desk still has a
      // send of the row without an answer (one still on its way could be stored after the resend).
      const onItsWay = desks.some((d) => d.alive && d.inFlight.some((f) => f.row.id === row.id && !f.outcome));
      if (onItsWay) return;
      const held = service.find((r) => r.rowId === row.id);
      if (held) {
        await supervisor.markAccepted(row.id, held.recordid, 'the insurer holds it');
        note('supervisor: unknown marked accepted');
      } else {
        const resent = await supervisor.resend(row.id, null, false);
        note(resent.duplicate ? 'supervisor: resend of unknown held' : 'supervisor: unknown resent', `#${row.id}`);
      }
    } else if (row.state === 'rejected' && rng.chance(0.5)) {
      // The clerk keys the entry again with its reference corrected (the same policy).
      await key(rng.pick(desks), row.policy);
      note('rejected entry keyed again, reference corrected');
    } else {
      const resent = await supervisor.resend(row.id, null, false);
      note(
        resent.duplicate ? `supervisor: resend of ${row.state} held` : `supervisor: ${row.state} resent`,
        `#${row.id}`,
      );
    }
  }

  /**
   * A desk reads its batch's status as `submit --csv` does before deciding how to exit; another desk
   * claims due rows between the status's reads (the widest gap). "Nothing remaining" while one of
   * its rows is still queued, being sent or due for a retry is a wrong exit.
   */
  async function checkStatus(desk: Desk) {
    const other = rng.pick(desks.filter((d) => d.alive));
    const batches = claimingBetweenReads(desk.journal.batches, async () => {
      for (const row of await other.journal.claimDue(other.lease, SENDABLE, 5)) other.inFlight.push({ row });
    });
    const core = { journal: { ...desk.journal, batches } } as unknown as Core;
    const status = await batchStatus(core, desk.batchId);
    note('batch status read', `${desk.name}: remaining ${status.remaining} ${JSON.stringify(status.counts)}`);
    if (status.remaining > 0) return;
    const { rows } = await desk.journal.list({ batch: desk.batchId, limit: 1000 });
    const moving = rows.filter(
      (r) => r.state === 'queued' || r.state === 'sending' || (r.state === 'failed' && r.nextAttemptAt !== null),
    );
    if (moving.length > 0) {
      wrongExits.push(`${desk.name} read nothing remaining while #${moving.map((r) => r.id).join(', #')} still moved`);
    }
  }

  const steps = 80 + rng.int(80);
  try {
    for (let i = 0; i < steps; i += 1) {
      await renewAll();
      await step();
    }
    // The end of the day: every desk starts again and sends until nothing is due; held answers are
    // recorded; leases left by the dead run out.
    await sleep(LEASE_MS + 10);
    for (const desk of desks) {
      desk.alive = true;
      for (const items of desk.unacknowledged) await desk.journal.recordOutcomes(items);
      desk.unacknowledged = [];
    }
    await renewAll();
    /** Answers and records everything the desk holds (rows claimed by its records too). */
    const settle = async (desk: Desk, answer: () => Answer) => {
      while (desk.inFlight.length > 0) {
        for (const f of desk.inFlight) f.outcome ??= serve(f.row, answer());
        await record(desk);
      }
      for (const items of desk.unacknowledged) await desk.journal.recordOutcomes(items);
      desk.unacknowledged = [];
    };
    for (const desk of desks) await settle(desk, () => 'accepted');
    await sleep(LEASE_MS + 10);
    await supervisor.expireLeases();
    for (let round = 0; round < 50; round += 1) {
      const desk = desks[round % desks.length]!;
      const rows = await desk.journal.claimDue(desk.lease, SENDABLE, 5);
      if (rows.length === 0 && round >= desks.length) break;
      for (const row of rows) desk.inFlight.push({ row });
      await settle(desk, () => (rng.chance(0.8) ? 'accepted' : 'busy-503'));
      // Each desk of `submit --csv` reads its batch's status to decide whether it is done.
      for (const d of desks) await checkStatus(d);
    }
    for (const desk of desks) await settle(desk, () => 'accepted');
    return { seed, store, steps, ...(await check(supervisor, service, confirmed)), wrongExits, events };
  } catch (err) {
    // A call the journal refused where no refusal was due breaks the promise too: reported, not thrown.
    return {
      seed,
      store,
      steps,
      storedTwice: [],
      unaccounted: [`threw: ${(err as Error).message}`],
      wrongExits,
      events,
    };
  } finally {
    await Promise.all(journals.map((j) => j.close()));
    await drop();
  }
}

/** The invariants, against the service's own store. */
async function check(
  journal: JournalStore,
  service: ServiceRecord[],
  confirmed: ReadonlySet<string>,
): Promise<{ storedTwice: string[]; unaccounted: string[] }> {
  const storedTwice: string[] = [];
  const byPolicy = new Map<string, ServiceRecord[]>();
  for (const r of service) byPolicy.set(r.policy, [...(byPolicy.get(r.policy) ?? []), r]);
  for (const [policy, records] of byPolicy) {
    if (records.length > 1 && !confirmed.has(policy)) {
      storedTwice.push(
        `${policy} stored ${records.length} times (rows ${records.map((r) => `#${r.rowId} claim ${r.claim}`).join(', ')})`,
      );
    }
  }
  const unaccounted: string[] = [];
  const rows = new Map<number, SubmissionRow>();
  for await (const row of journal.iterate({ sort: 'id', direction: 'asc' })) rows.set(row.id, row);
  for (const row of rows.values()) {
    if (row.state === 'sending' || row.state === 'queued') unaccounted.push(`#${row.id} left ${row.state}`);
    if (row.state === 'unknown' && !(await journal.history(row.id)).some((h) => h.toState === 'unknown')) {
      unaccounted.push(`#${row.id} is unknown with no history of it`);
    }
  }
  for (const r of service) {
    const row = rows.get(r.rowId);
    if (!row) unaccounted.push(`record ${r.recordid} answers #${r.rowId}, which the journal does not hold`);
    else if (row.state !== 'accepted' && row.state !== 'unknown')
      unaccounted.push(`#${row.id} is ${row.state}, yet the service stored it (record ${r.recordid})`);
  }
  return { storedTwice, unaccounted };
}

/**
 * The seeds CI runs: a spread of schedules, including those that failed with each defect this suite
 * was written for put back (found by putting each back in turn, both journals alike):
 * - an outcome naming no claim settles the next claim: 26, 27, 41 (stored twice, or stored and rejected);
 * - an outcome with no sender settles another desk's lease: 2, 4, 5, 6, 8, 10, 12 (office journal);
 * - a corrected reference escapes the duplicate question: 1, 3, 4, 6, 7, 8, 9, 10, 11;
 * - a batch's status read in two statements: 3, 9, 25, 45 (nothing remaining while a row still moved).
 */
export const CI_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 25, 26, 27, 41, 45];
