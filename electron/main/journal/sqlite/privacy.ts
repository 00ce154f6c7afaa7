import {
  erasureNote,
  isSettled,
  PERSON_ROWS_LIMIT,
  personKey,
  retentionNote,
  SETTLED_STATES,
} from '@shared/journal/privacy';
import { JournalStateError } from '../errors';
import type { PrivacyStore, Retention } from '../privacy-store';
import { nowIso, promised, type Db } from './db';
import { toRow, type RawSubmission } from './rows';
import { readPayload } from '../payload-read';
import {
  blankPersonal,
  checkPurgeDays,
  checkReason,
  checkRetentionDays,
  personalExtraFields,
  personalValues,
  REMOVED_HASH,
  scrubText,
} from '../privacy-rules';

/** Rows changed per transaction by a purge, so the sender waits at most one chunk. */
const CHUNK = 500;
const SETTLED = SETTLED_STATES.map((s) => `'${s}'`).join(', ');
const DAY_MS = 86_400_000;

/**
 * A person's data in the journal on this computer. The operator (the OS user) is this desk's own
 * supervisor: nothing here is refused for a role. Removal blanks the payload's personal
 * fields, the surname and postcode columns and their free-text index entries,
 * scrubs the row's values out of the service's message, and is written with SQLite's
 * secure_delete on and the WAL truncated after, so the old bytes do not stay in the files.
 */
export function privacyMethods(db: Db, operator: string): PrivacyStore {
  // Compares as personKey does (Unicode lower case, no spaces): SQLite's lower() folds ASCII only.
  db.db.function('fd_person_key', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? personKey(text) : null,
  );
  const retention = (): Retention => {
    const row = db.stmt('SELECT days, set_by, set_at FROM retention WHERE only_row = 1').get() as
      { days: number | null; set_by: string | null; set_at: string | null } | undefined;
    return { days: row?.days ?? null, setBy: row?.set_by ?? null, setAt: row?.set_at ?? null };
  };

  /** Scrubs a JSON object of texts (field errors) of the given values. */
  const scrubFields = (json: string | null, values: readonly string[]) =>
    json === null
      ? null
      : JSON.stringify(
          Object.fromEntries(
            Object.entries(JSON.parse(json) as Record<string, string>).map(([k, v]) => [k, scrubText(v, values)]),
          ),
        );

  /**
   * Strips one row (read in this transaction) and notes it in its history: the payload's personal
   * fields, the surname and postcode columns, their free-text entries, and the row's values quoted
   * in the service's message, field errors, review note and earlier history notes. The payload's
   * hash goes too (it could confirm a guess at the person's details).
   */
  function strip(raw: RawSubmission, note: string, at: string, personalExtra: readonly string[]): void {
    const payload = readPayload(raw.payload);
    const extra = raw.kind === 'cancellation' ? personalExtraFields(personalExtra) : [];
    const values = personalValues(payload, extra);
    db.stmt(
      `INSERT INTO submissions_fts (submissions_fts, rowid, reference, surname, policy, postcode)
       VALUES ('delete', ?, ?, ?, ?, ?)`,
    ).run(raw.id, raw.reference, raw.surname, raw.policy, raw.postcode);
    db.stmt('INSERT INTO submissions_fts (rowid, reference, surname, policy, postcode) VALUES (?, ?, ?, ?, ?)').run(
      raw.id,
      raw.reference,
      '',
      raw.policy,
      '',
    );
    db.stmt(
      `UPDATE submissions SET revision = revision + 1, payload = ?, payload_hash = ?, surname = '', postcode = '', message = ?,
         error_fields = ?, review_note = ?, personal_removed_at = ? WHERE id = ?`,
    ).run(
      JSON.stringify(blankPersonal(payload, extra)),
      REMOVED_HASH,
      raw.message === null ? null : scrubText(raw.message, values),
      scrubFields(raw.error_fields, values),
      raw.review_note === null ? null : scrubText(raw.review_note, values),
      at,
      raw.id,
    );
    db.writeHistory();
    const notes = db
      .stmt('SELECT id, note FROM history WHERE submission_id = ? AND note IS NOT NULL')
      .all(raw.id) as Array<{ id: number; note: string }>;
    for (const line of notes) {
      const scrubbed = scrubText(line.note, values);
      if (scrubbed !== line.note) db.stmt('UPDATE history SET note = ? WHERE id = ?').run(scrubbed, line.id);
    }
    db.addHistory(raw.id, raw.state, raw.state, operator, at, scrubText(note, values));
  }

  /** Blanks the rows a bulk import left out that carry an erased row's e-mail, or its surname with postcode. */
  function stripLeftOut(raw: RawSubmission): void {
    const payload = readPayload(raw.payload);
    const values = personalValues(payload);
    const email = personKey(payload.email ?? '');
    const surname = personKey(payload.surname ?? '');
    const postcode = personKey(payload.postcode ?? '');
    const left = db
      .stmt(
        `SELECT batch_id, file_row, payload, errors FROM batch_rows
          WHERE (? <> '' AND fd_person_key(json_extract(payload, '$.email')) = ?)
             OR (? <> '' AND ? <> '' AND fd_person_key(json_extract(payload, '$.surname')) = ?
                 AND fd_person_key(json_extract(payload, '$.postcode')) = ?)`,
      )
      .all(email, email, surname, postcode, surname, postcode) as Array<{
      batch_id: number;
      file_row: number;
      payload: string;
      errors: string | null;
    }>;
    for (const r of left) {
      const own = readPayload(r.payload);
      db.stmt('UPDATE batch_rows SET payload = ?, errors = ? WHERE batch_id = ? AND file_row = ?').run(
        JSON.stringify(blankPersonal(own)),
        scrubFields(r.errors, [...personalValues(own), ...values]),
        r.batch_id,
        r.file_row,
      );
    }
  }

  /**
   * Runs a removal with secure_delete on (freed bytes overwritten); when rows changed, merges the
   * free-text index (its deleted entries are dropped, not just marked), then empties the WAL.
   */
  function securely(fn: () => number): number {
    const before = db.db.pragma('secure_delete', { simple: true }) as number;
    db.db.pragma('secure_delete = ON');
    try {
      const changed = fn();
      if (changed > 0) db.db.exec("INSERT INTO submissions_fts (submissions_fts) VALUES ('optimize')");
      return changed;
    } finally {
      db.db.pragma(`secure_delete = ${before ? 'ON' : 'OFF'}`);
      db.db.pragma('wal_checkpoint(TRUNCATE)');
    }
  }

  function purge(days: number, extra: readonly string[]): number {
    const cutoff = new Date(Date.now() - days * DAY_MS).toISOString();
    const note = retentionNote(days);
    let total = 0;
    for (;;) {
      const done = db.atomically(() => {
        const rows = db
          .stmt(
            `SELECT * FROM submissions WHERE personal_removed_at IS NULL AND created_at < ? AND state IN (${SETTLED})
             ORDER BY created_at LIMIT ${CHUNK}`,
          )
          .all(cutoff) as RawSubmission[];
        const at = nowIso();
        for (const raw of rows) strip(raw, note, at, extra);
        for (const raw of rows) db.changed(db.get(raw.id)!);
        return rows.length;
      });
      total += done;
      if (done < CHUNK) break;
    }
    db.atomically(() => {
      const left = db
        .stmt(`SELECT batch_id, file_row, payload, errors FROM batch_rows WHERE recorded_at < ?`)
        .all(cutoff) as Array<{ batch_id: number; file_row: number; payload: string; errors: string | null }>;
      for (const r of left) {
        const payload = readPayload(r.payload);
        const kept = blankPersonal(payload);
        if (JSON.stringify(kept) === JSON.stringify(payload)) continue;
        db.stmt('UPDATE batch_rows SET payload = ?, errors = ? WHERE batch_id = ? AND file_row = ?').run(
          JSON.stringify(kept),
          scrubFields(r.errors, personalValues(payload)),
          r.batch_id,
          r.file_row,
        );
      }
    });
    return total;
  }

  return promised<PrivacyStore>({
    find(person) {
      const [where, args] =
        'email' in person
          ? ["fd_person_key(json_extract(payload, '$.email')) = ?", [personKey(person.email)]]
          : [
              'fd_person_key(surname) = ? AND fd_person_key(postcode) = ?',
              [personKey(person.surname), personKey(person.postcode)],
            ];
      const rows = db
        .stmt(`SELECT * FROM submissions WHERE ${where} ORDER BY id LIMIT ${PERSON_ROWS_LIMIT}`)
        .all(...args) as RawSubmission[];
      return rows.map(toRow);
    },
    rows(ids) {
      return [...new Set(ids)].map((id) => {
        const row = db.get(id);
        if (!row) throw new JournalStateError(`No journal entry ${id}`);
        return row;
      });
    },
    erase(ids, reason, extra = []) {
      const note = erasureNote(checkReason(reason));
      const unique = [...new Set(ids)].sort((a, b) => a - b);
      return securely(() =>
        db.atomically(() => {
          const at = nowIso();
          const rows = unique.map((id) => {
            const raw = db.stmt('SELECT * FROM submissions WHERE id = ?').get(id) as RawSubmission | undefined;
            if (!raw) throw new JournalStateError(`No journal entry ${id}`);
            if (!isSettled(raw.state)) {
              throw new JournalStateError(
                `Journal entry ${id} is ${raw.state}: it may still be sent, so its details cannot be erased yet (resolve or discard it first)`,
              );
            }
            return raw;
          });
          for (const raw of rows) stripLeftOut(raw);
          for (const raw of rows) strip(raw, note, at, extra);
          for (const raw of rows) db.changed(db.get(raw.id)!);
          return rows.length;
        }),
      );
    },
    retention,
    setRetention(days) {
      checkRetentionDays(days);
      db.stmt('UPDATE retention SET days = ?, set_by = ?, set_at = ? WHERE only_row = 1').run(days, operator, nowIso());
      return retention();
    },
    purge(olderThanDays, extra = []) {
      const days = olderThanDays === undefined ? retention().days : checkPurgeDays(olderThanDays);
      if (days === null) return 0;
      const removed = securely(() => purge(days, extra));
      if (olderThanDays === undefined) {
        db.stmt('UPDATE retention SET last_run = ? WHERE only_row = 1').run(nowIso());
      }
      return removed;
    },
  });
}
