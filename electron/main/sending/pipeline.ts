import { parseEntry, type EntrySchema, type FieldErrors } from '@shared/entry/schema';
import { parseCancellation } from '@shared/entry/cancellation';
import type { Profile } from '@shared/profile/schema';
import type { SubmissionKind, SubmissionRow } from '@shared/journal/types';
import { describeFailure, outcomeOf, type HttpError } from '../service/errors';
import type { Connection } from '../service/connection';
import type { JournalStore, Lease, SendOutcome, SendableProfiles } from '../journal/store';
import { payloadHash } from '../journal/payload-hash';
import { createGroupCommit } from './group-commit';
import { encodeRow } from './wire-parts';
import { createSendTracker } from './send-tracker';
import type { OutcomeSpill } from './outcome-spill';
import { trace } from '../support/trace';

/** How failed sends are retried: exponential backoff with jitter, up to a number of attempts. */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

/** How long a read of the paused profiles serves the outbox's claims. */
const PAUSED_TTL_MS = 500;

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 2_000, capMs: 300_000, maxAttempts: 8 };

/** The delay before attempt `attempts + 1`: base·2^(attempts−1), capped, with jitter in [½, 1]. */
export function backoffMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface PipelineDeps {
  journal: JournalStore;
  profile(name: string): Profile | undefined;
  profiles(): Profile[];
  connection(profile: Profile): Connection;
  operator: string;
  /** This sender's lease on rows it sends: unique owner id, renewed while a request is in flight. */
  lease: Lease;
  retry?: RetryPolicy;
  /** Holds each answer until it is recorded (an office journal may be restarting meanwhile). */
  spill?: OutcomeSpill;
  /** How long an answer waits for others to share its commit, at most (ms; see createGroupCommit). */
  groupWindowMs?: number;
}

/** A request to submit: raw input as typed, validated here with the shared schema. */
export interface SubmitRequest {
  kind: SubmissionKind;
  input: unknown;
  profile: string;
  /** The person saw the duplicate warning and chose to go on. */
  confirmDuplicate?: boolean;
}

/** The result of queueing: the new journal row, field errors, or a possible duplicate to confirm. */
export type SubmitResult =
  | { ok: true; row: SubmissionRow }
  | { ok: false; code: 'invalid'; fields: FieldErrors }
  | { ok: false; code: 'duplicate'; duplicate: SubmissionRow }
  | { ok: false; code: 'no-profile'; message: string };

/** A claimed row and the profile to send it with. */
export type Job = { row: SubmissionRow; profile: Profile };

type Parsed = { ok: true; payload: Record<string, string> } | { ok: false; fields: FieldErrors };

/**
 * The one path every screen and the CLI uses: validate → duplicate check and insert (one
 * transaction) → sending under a lease (committed before the request leaves) → outcome recorded as
 * the product's state table says. Every send is tracked, so closing waits for those in flight.
 */
export function createPipeline(deps: PipelineDeps) {
  const retry = deps.retry ?? DEFAULT_RETRY;
  const schemaCache = new Map<string, EntrySchema>();
  /** Rows whose answer this process is recording right now (a replay of held answers leaves them alone). */
  const recording = new Set<number>();
  /** Sends whose request is out and whose answer has not arrived. */
  let awaiting = 0;
  const tracker = createSendTracker(
    () => void deps.journal.renewLeases(deps.lease).catch(() => undefined),
    deps.lease.ms / 3,
  );

  function parse(kind: SubmissionKind, input: unknown, profile: Profile): Parsed {
    if (kind === 'entry') {
      const entry = parseEntry(input, profile, schemaCache);
      return entry.ok ? { ok: true, payload: entry.entry } : entry;
    }
    const cancellation = parseCancellation(input, profile);
    return cancellation.ok ? { ok: true, payload: cancellation.cancellation } : cancellation;
  }

  async function submit(req: SubmitRequest): Promise<SubmitResult> {
    const profile = deps.profile(req.profile);
    if (!profile) return { ok: false, code: 'no-profile', message: `No profile named ${req.profile}` };
    const parsed = parse(req.kind, req.input, profile);
    if (!parsed.ok) return { ok: false, code: 'invalid', fields: parsed.fields };
    const { payload } = parsed;
    // The store checks for a duplicate and inserts in one transaction: two desks cannot both pass it.
    const queued = await deps.journal.queue(
      {
        kind: req.kind,
        profile: profile.name,
        operator: deps.operator,
        payload,
        payloadHash: payloadHash(req.kind, payload),
        originalRecordid: req.kind === 'cancellation' ? Number(payload.recordid) : null,
      },
      !!req.confirmDuplicate,
    );
    return queued.duplicate
      ? { ok: false, code: 'duplicate', duplicate: queued.duplicate }
      : { ok: true, row: queued.row };
  }

  /** The profiles rows can be sent for now: entries of every profile not paused, cancellations where a path is set too. */
  /** Which profiles are paused, read at most every PAUSED_TTL_MS (one query less per send; a pause applies within it). */
  let pausedRead: { at: number; names: Promise<string[]> } | undefined;
  function pausedNow(): Promise<string[]> {
    if (!pausedRead || Date.now() - pausedRead.at > PAUSED_TTL_MS) {
      pausedRead = { at: Date.now(), names: deps.journal.paused() };
      pausedRead.names.catch(() => (pausedRead = undefined));
    }
    return pausedRead.names;
  }

  async function sendable(): Promise<SendableProfiles> {
    const paused = new Set(await pausedNow());
    const profiles = deps.profiles().filter((p) => !paused.has(p.name));
    return {
      entries: profiles.map((p) => p.name),
      cancellations: profiles.filter((p) => p.cancellation.path).map((p) => p.name),
    };
  }

  const group = createGroupCommit({
    journal: deps.journal,
    lease: deps.lease,
    sendable,
    awaiting: () => awaiting,
    windowMs: deps.groupWindowMs,
  });

  async function attempt(job: Job): Promise<SendOutcome> {
    awaiting += 1;
    try {
      return await answer(job);
    } finally {
      awaiting -= 1;
    }
  }

  let sentOne = false;
  async function answer({ row, profile }: Job): Promise<SendOutcome> {
    if (!sentOne) trace('first request leaves');
    sentOne = true;
    try {
      const connection = deps.connection(profile);
      const parts = encodeRow(row, profile);
      const record =
        row.kind === 'entry'
          ? await connection.feed.createEntry(parts)
          : await connection.feed.createCancellation(profile.cancellation.path ?? '', parts);
      return { state: 'accepted', recordid: record.recordid, message: record.message, httpStatus: 201 };
    } catch (err) {
      const { state, code, retry: automatic, retryAfterMs } = outcomeOf(err);
      const http = err instanceof Error && err.name === 'HttpError' ? (err as HttpError) : undefined;
      const fields = http && Object.keys(http.summary.fields).length ? http.summary.fields : null;
      const nextAttemptAt =
        automatic && row.attempts < retry.maxAttempts
          ? new Date(Date.now() + Math.max(retryAfterMs ?? 0, backoffMs(row.attempts, retry))).toISOString()
          : null;
      const message = describeFailure(err, profile.name);
      return { state, code, message, httpStatus: http?.status ?? null, fields, nextAttemptAt };
    }
  }

  /** A claimed row with the profile it is sent with; undefined (and the row left alone) when that profile is gone. */
  function jobOf(row: SubmissionRow | undefined): Job | undefined {
    const profile = row && deps.profile(row.profile);
    return row && profile && { row, profile };
  }

  /** Claims a due row (moves it to sending under our lease, committed); undefined when it is not sendable now. */
  async function claim(id: number): Promise<Job | undefined> {
    const current = await deps.journal.get(id);
    const profile = current && deps.profile(current.profile);
    if (!current || !profile) return undefined;
    if (current.kind === 'cancellation' && !profile.cancellation.path) return undefined;
    if ((await deps.journal.paused()).includes(profile.name)) return undefined;
    if (current.batchId !== null && (await deps.journal.batches.get(current.batchId))?.paused) return undefined;
    return jobOf(await deps.journal.claim(id, deps.lease));
  }

  /** Claims up to `limit` due rows of sendable profiles in one commit (rows another sender holds are skipped). */
  async function claimDue(limit: number): Promise<Job[]> {
    const rows = await deps.journal.claimDue(deps.lease, await sendable(), limit);
    return rows.flatMap((row) => jobOf(row) ?? []);
  }

  /** Gives claimed rows that never left back to the queue (one commit); tracked, so close() waits for it. */
  function unclaim(jobs: readonly Job[]): Promise<number> {
    if (jobs.length === 0) return Promise.resolve(0);
    return tracker.track(() =>
      deps.journal.unclaim(
        jobs.map((j) => j.row.id),
        deps.lease,
      ),
    );
  }

  /**
   * Sends a claimed row and records the outcome; tracked, so close() waits for it. `answered`
   * resolves as soon as the answer arrives (the sender may go on with a row it already holds);
   * `recorded` once the outcome is committed, with others close to it (group commit), with the
   * recorded row only when `wantsRow` (the outbox needs none). When `more()` says so as the answer
   * arrives, the next due row for this sender is claimed in that same commit; a claimed row `keep`
   * refuses (a pause came meanwhile) is given back unsent.
   */
  function deliverAhead(
    job: Job,
    more: () => boolean,
    keep: (next: Job) => boolean = () => true,
    wantsRow = false,
  ): { answered: Promise<void>; recorded: Promise<{ row: SubmissionRow | undefined; next: Job | undefined }> } {
    let answered!: () => void;
    const arrived = new Promise<void>((resolve) => (answered = resolve));
    const recorded = tracker.track(async () => {
      const outcome = await attempt(job).finally(answered);
      const item = { id: job.row.id, owner: deps.lease.owner, claim: job.row.claim, outcome };
      deps.spill?.keep(item);
      recording.add(job.row.id);
      const done = await group.record(item, more(), wantsRow).finally(() => recording.delete(job.row.id));
      deps.spill?.done(item);
      const next = jobOf(done.next);
      if (next && !keep(next)) {
        await deps.journal.unclaim([next.row.id], deps.lease);
        return { row: done.row, next: undefined };
      }
      return { row: done.row, next };
    });
    return { answered: arrived, recorded };
  }

  /** deliverAhead, resolving once the outcome is recorded with the recorded row; with `more`, with the next row claimed. */
  async function deliver(job: Job, more = false): Promise<{ row: SubmissionRow; next: Job | undefined }> {
    const { row, next } = await deliverAhead(job, () => more, undefined, true).recorded;
    return { row: row!, next };
  }

  /** Sends one due row now and records the outcome; undefined when it is not sendable. */
  async function send(id: number): Promise<SubmissionRow | undefined> {
    const job = await claim(id);
    return job && (await deliver(job)).row;
  }

  /** After this process paused or resumed a profile: the next claim reads the pauses again. */
  const pausesChanged = () => (pausedRead = undefined);

  return {
    submit,
    sendable,
    claim,
    claimDue,
    deliver,
    deliverAhead,
    unclaim,
    send,
    idle: tracker.idle,
    retry,
    pausesChanged,
    recording: (): ReadonlySet<number> => recording,
  };
}

/** The submission pipeline (see createPipeline). */
export type Pipeline = ReturnType<typeof createPipeline>;
