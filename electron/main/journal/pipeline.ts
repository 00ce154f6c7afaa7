import { parseEntry, type EntrySchema, type FieldErrors } from '../../../shared/entry/schema';
import { encodeEntry } from '../../../shared/entry/wire';
import { encodeCancellation, parseCancellation, type Cancellation } from '../../../shared/entry/cancellation';
import type { Profile } from '../../../shared/profile/schema';
import type { SubmissionKind, SubmissionRow } from '../../../shared/journal/types';
import { describeFailure, outcomeOf, type HttpError } from '../service/errors';
import type { Connection } from '../core/connection';
import type { Journal, SendOutcome, Sendable } from './journal';
import { claim as claimRow, renewLeases, type Lease } from './leases';
import { payloadHash } from './payload-hash';
import { findDuplicate } from './duplicate-guard';
import { createSendTracker } from './send-tracker';
import { pausedProfiles } from './profile-rows';

/** How failed sends are retried: exponential backoff with jitter, up to a number of attempts. */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 2_000, capMs: 300_000, maxAttempts: 8 };

/** The delay before attempt `attempts + 1`: base·2^(attempts−1), capped, with jitter in [½, 1]. */
export function backoffMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface PipelineDeps {
  journal: Journal;
  profile(name: string): Profile | undefined;
  profiles(): Profile[];
  connection(profile: Profile): Connection;
  operator: string;
  /** This sender's lease on rows it sends: unique owner id, renewed while a request is in flight. */
  lease: Lease;
  retry?: RetryPolicy;
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
  const tracker = createSendTracker(() => renewLeases(deps.journal, deps.lease), deps.lease.ms / 3);

  function parse(kind: SubmissionKind, input: unknown, profile: Profile): Parsed {
    if (kind === 'entry') {
      const entry = parseEntry(input, profile, schemaCache);
      return entry.ok ? { ok: true, payload: entry.entry } : entry;
    }
    const cancellation = parseCancellation(input, profile);
    return cancellation.ok ? { ok: true, payload: cancellation.cancellation } : cancellation;
  }

  function submit(req: SubmitRequest): SubmitResult {
    const profile = deps.profile(req.profile);
    if (!profile) return { ok: false, code: 'no-profile', message: `No profile named ${req.profile}` };
    const parsed = parse(req.kind, req.input, profile);
    if (!parsed.ok) return { ok: false, code: 'invalid', fields: parsed.fields };
    const { payload } = parsed;
    const hash = payloadHash(req.kind, payload);
    // The check and the insert are one IMMEDIATE transaction: two processes cannot both pass it.
    return deps.journal.atomically((): SubmitResult => {
      const duplicate =
        !req.confirmDuplicate &&
        findDuplicate(deps.journal, req.kind, profile.name, hash, payload.reference ?? '', payload.policy ?? '');
      if (duplicate) return { ok: false, code: 'duplicate', duplicate };
      const row = deps.journal.insertQueued({
        kind: req.kind,
        profile: profile.name,
        operator: deps.operator,
        payload,
        payloadHash: hash,
        originalRecordid: req.kind === 'cancellation' ? Number(payload.recordid) : null,
      });
      return { ok: true, row };
    });
  }

  /** The profiles rows can be sent for now: entries of every profile not paused, cancellations where a path is set too. */
  function sendable(): Sendable {
    const paused = new Set(pausedProfiles(deps.journal));
    const profiles = deps.profiles().filter((p) => !paused.has(p.name));
    return {
      entries: profiles.map((p) => p.name),
      cancellations: profiles.filter((p) => p.cancellation.path).map((p) => p.name),
    };
  }

  async function attempt({ row, profile }: Job): Promise<SendOutcome> {
    try {
      const connection = deps.connection(profile);
      const record =
        row.kind === 'entry'
          ? await connection.feed.createEntry(encodeEntry(row.payload as never, profile))
          : await connection.feed.createCancellation(
              profile.cancellation.path ?? '',
              encodeCancellation(row.payload as Cancellation, profile),
            );
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

  /** Claims a due row (moves it to sending under our lease, committed); undefined when it is not sendable now. */
  function claim(id: number): Job | undefined {
    const current = deps.journal.get(id);
    const profile = current && deps.profile(current.profile);
    if (!current || !profile) return undefined;
    if (current.kind === 'cancellation' && !profile.cancellation.path) return undefined;
    if (pausedProfiles(deps.journal).includes(profile.name)) return undefined;
    const row = claimRow(deps.journal, id, deps.lease);
    return row && { row, profile };
  }

  /**
   * Sends a claimed row and records the outcome; tracked, so close() waits for it. `then` runs in
   * the transaction that records the outcome (the outbox claims its next row there: one commit).
   */
  function deliver<T>(job: Job, then: () => T): Promise<{ row: SubmissionRow; then: T }> {
    return tracker.track(async () => {
      const outcome = await attempt(job);
      return deps.journal.atomically(() => ({
        row: deps.journal.recordOutcome(job.row.id, deps.lease.owner, outcome),
        then: then(),
      }));
    });
  }

  /** Sends one due row now and records the outcome; undefined when it is not sendable. */
  async function send(id: number): Promise<SubmissionRow | undefined> {
    const job = claim(id);
    return job && (await deliver(job, () => undefined)).row;
  }

  return { submit, sendable, claim, deliver, send, idle: tracker.idle, retry };
}

/** The submission pipeline (see createPipeline). */
export type Pipeline = ReturnType<typeof createPipeline>;
