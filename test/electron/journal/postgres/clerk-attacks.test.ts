// A hostile clerk connected straight to PostgreSQL with a plain pg client (not through our store).
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { writeJournalCsv } from '@main/journal/csv-export';
import { officeInit } from '@main/journal/office/office-init';
import { addUser } from '@main/journal/office/roles';
import type { JournalStore } from '@main/journal/store';
import { entry, queued, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';

const LEASE = { owner: 'clara-desk', ms: 30_000 };

describeOfficeOnly('office journal attacked by a clerk with a plain pg client', () => {
  let office: Office;
  let clara: JournalStore;
  let supervisor: JournalStore;

  beforeAll(async () => {
    office = await startOffice();
    clara = await office.open('clerk');
    supervisor = await office.open('supervisor');
  }, 60_000);
  afterAll(() => office?.stop());

  const isSupervisor = async (who: string) =>
    (
      (await office.sql('owner', "SELECT pg_catalog.pg_has_role($1, 'feed_desk_supervisor', 'MEMBER') AS yes", [who]))
        .rows[0] as {
        yes: boolean;
      }
    ).yes;

  it('plants functions in public that owner sessions would call: init and add-user never call them', async () => {
    // PostgreSQL 13 and 14 let every role create in public; this cluster is 15, so grant it as they ship.
    await office.sql('owner', 'GRANT CREATE ON SCHEMA public TO PUBLIC');
    const trojan = (args: string, returns: string, value: string) =>
      office.sql(
        'clerk',
        `CREATE FUNCTION public.${args} RETURNS ${returns} LANGUAGE plpgsql AS $$
         BEGIN EXECUTE 'GRANT feed_desk_supervisor TO clara'; RETURN ${value}; END $$`,
      );
    await trojan('pg_has_role(text, text, text)', 'boolean', 'true');
    await trojan('pg_has_role(oid, text, text)', 'boolean', 'true');
    await trojan('quote_ident(text)', 'text', '$1');
    try {
      const init = await officeInit(office.server.ownerUrl);
      await addUser(office.server.ownerUrl, 'cody', 'clerk', 'cody-pw');
      await addUser(office.server.ownerUrl, 'newcomer', 'clerk', 'newcomer-pw');
      expect(await isSupervisor('clara')).toBe(false);
      expect(init.lockedPublic).toBe(true);
      // And init took the door away: clara can no longer create in public.
      await expect(
        office.sql('clerk', 'CREATE FUNCTION public.later() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$'),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await office.sql('owner', 'REVOKE feed_desk_supervisor FROM clara');
      await office.sql(
        'owner',
        `DROP FUNCTION public.pg_has_role(text, text, text), public.pg_has_role(oid, text, text),
           public.quote_ident(text)`,
      );
      await office.sql('owner', 'REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    }
  });

  it('init refuses, changing nothing, while a person of the journal may still create in public', async () => {
    await office.sql('owner', 'GRANT CREATE ON SCHEMA public TO cody');
    try {
      await expect(officeInit(office.server.ownerUrl)).rejects.toThrow(/lets cody create objects/);
    } finally {
      await office.sql('owner', 'REVOKE CREATE ON SCHEMA public FROM cody');
    }
    expect((await officeInit(office.server.ownerUrl)).lockedPublic).toBe(false);
  });

  it("no function granted to clerks lets cody change clara's rows, batches or leases", async () => {
    // clara's rows in every state a sender meets.
    const waiting = await queued(clara, entry('C-QUEUED'));
    const fail = async (reference: string, code: string, nextAttemptAt: string | null) => {
      const row = await queued(clara, entry(reference));
      const claimed = (await clara.claim(row.id, LEASE))!;
      await clara.recordOutcome(claimed, LEASE.owner, {
        state: 'failed',
        code,
        message: 'refused',
        httpStatus: 401,
        fields: null,
        nextAttemptAt,
      });
      return row;
    };
    const credentials = await fail('C-CREDENTIALS', 'credentials', null);
    const due = await fail('C-DUE', 'network', new Date(Date.now() - 1000).toISOString());
    const unknown = await queued(clara, entry('C-UNKNOWN'));
    await clara.claim(unknown.id, LEASE);
    await office.sql(
      'owner',
      "UPDATE feed_desk.submissions SET lease_expires_at = now() - interval '1s' WHERE id = $1",
      [unknown.id],
    );
    expect(await clara.expireLeases()).toBe(1);
    const sending = (await clara.claim((await queued(clara, entry('C-SENDING'))).id, LEASE))!;
    const batch = await clara.batches.open({ profile: 'Sandbox', fileName: 'c.csv', contentHash: 'c-1', fileRows: 1 });
    await clara.batches.queue(batch.id, [{ row: 2, allowDuplicate: false, submission: entry('C-BATCH') }]);
    const ids = [waiting.id, credentials.id, due.id, unknown.id, sending.id];

    const snapshot = async () =>
      (
        await office.sql(
          'owner',
          `SELECT s.id, s.state, s.recordid, s.profile, s.lease_owner, s.lease_expires_at, s.next_attempt_at,
             s.attempts, s.message, s.payload::text AS payload, s.surname, (SELECT count(*) FROM feed_desk.history h WHERE h.submission_id = s.id) AS lines,
             b.paused AS batch_paused, b.profile AS batch_profile
           FROM feed_desk.submissions s LEFT JOIN feed_desk.batches b ON b.id = s.batch_id
           WHERE s.operator = 'clara' ORDER BY s.id`,
        )
      ).rows;
    await clara.batches.leaveOut(batch.id, [
      { row: 4, status: 'duplicate', errors: null, duplicateOf: ids[0]!, values: { reference: 'C-LEFT' } },
    ]);
    const leftOut = async () =>
      (
        await office.sql('owner', 'SELECT * FROM feed_desk.batch_rows WHERE batch_id = $1 ORDER BY file_row', [
          batch.id,
        ])
      ).rows;
    const before = await snapshot();
    const leftBefore = await leftOut();
    expect(leftBefore).toHaveLength(1);

    const profiles = "ARRAY['Sandbox', 'Other']::text[]";
    const each = (sql: (id: number) => string) => ids.map(sql);
    const attacks: Record<string, string[]> = {
      queue: [`SELECT * FROM feed_desk.queue('entry', 'Sandbox', '{"reference": "C-QUEUED"}', 'x', NULL, false)`],
      claim: each((id) => `SELECT * FROM feed_desk.claim(${id}, '${LEASE.owner}', 600000)`),
      claim_next: [`SELECT * FROM feed_desk.claim_next('${LEASE.owner}', 600000, ${profiles}, ${profiles})`],
      claim_due: [`SELECT * FROM feed_desk.claim_due('${LEASE.owner}', 600000, ${profiles}, ${profiles}, 100)`],
      // Outcomes naming clara's sender id and a claim, and then a batched claim. (The per-row
      // record_outcome names no claim and is granted to no one.)
      record_outcomes: [
        ...each(
          (id) =>
            `SELECT * FROM feed_desk.record_outcomes('[{"id": ${id}, "owner": "${LEASE.owner}", "claim": 1, "state": "accepted",
               "recordid": 777777, "message": "forged", "http": 201}]', NULL, NULL, NULL, NULL, NULL)`,
        ),
        `SELECT * FROM feed_desk.record_outcomes('[]', '${LEASE.owner}', 600000, ${profiles}, ${profiles}, 100)`,
      ],
      // Cody's correction may not name (or supersede) a row Clara queued, nor link her rows to each other.
      link_correction: each((id) => `SELECT * FROM feed_desk.link_correction(${id}, ${credentials.id})`),
      release_unsent: [`SELECT feed_desk.release_unsent('${LEASE.owner}', '{}')`],
      // Clara's spare rows (the sending one too), named with her sender id: still hers, still sending.
      unclaim: [`SELECT feed_desk.unclaim('${LEASE.owner}', ARRAY[${ids.join(', ')}]::bigint[])`],
      renew_leases: [`SELECT feed_desk.renew_leases('${LEASE.owner}', 5000)`],
      expire_leases: ['SELECT feed_desk.expire_leases()'],
      retry_waiting: ["SELECT feed_desk.retry_waiting('Sandbox')"],
      rename_profile: ["SELECT feed_desk.rename_profile('Sandbox', 'Stolen')"],
      is_supervisor: ['SELECT feed_desk.is_supervisor()'],
      is_text_object: [`SELECT feed_desk.is_text_object('{}')`],
      open_batch: ["SELECT * FROM feed_desk.open_batch('Sandbox', 'c.csv', 'c-1', 1)"],
      queue_batch: [
        `SELECT * FROM feed_desk.queue_batch(${batch.id}, ARRAY[3], ARRAY['{"reference": "C-X"}'::json], ARRAY['h'],
           ARRAY[true])`,
      ],
      set_batch_paused: [`SELECT * FROM feed_desk.set_batch_paused(${batch.id}, true)`],
      settle_batch: [
        `SELECT feed_desk.settle_batch(${batch.id}, 'discard')`,
        `SELECT feed_desk.settle_batch(${batch.id}, 'retry')`,
      ],
      // Rows left out of clara's batch: another clerk may neither add nor replace them.
      leave_out: [
        `SELECT feed_desk.leave_out(${batch.id}, ARRAY[3], ARRAY['invalid'], ARRAY['{"surname": "forged"}'::json],
           ARRAY[NULL]::bigint[], ARRAY['{"reference": "C-FORGED"}'::json])`,
        `SELECT feed_desk.leave_out(${batch.id}, ARRAY[4], ARRAY['duplicate'], ARRAY[NULL]::json[],
           ARRAY[${ids[0]}]::bigint[], ARRAY['{"reference": "C-LEFT"}'::json])`,
      ],
      // A person's data and retention are the supervisors': each function refuses a clerk itself.
      set_retention: ['SELECT * FROM feed_desk.set_retention(1)', 'SELECT * FROM feed_desk.set_retention(NULL)'],
      purge_personal: [
        'SELECT feed_desk.purge_personal(0)',
        'SELECT feed_desk.purge_personal(NULL)',
        "SELECT feed_desk.purge_personal(0, ARRAY['recordid', 'reason'])",
      ],
      find_person: [`SELECT * FROM feed_desk.find_person(NULL, 'Smith', 'AB1 2CD')`],
      person_rows: [`SELECT * FROM feed_desk.person_rows(ARRAY[${ids.join(', ')}]::bigint[])`],
      // The office's update feed is the supervisors' too: a clerk may not point every desk at a feed of theirs.
      set_update_feed: [
        "SELECT * FROM feed_desk.set_update_feed('https://updates.attacker.example/')",
        'SELECT * FROM feed_desk.set_update_feed(NULL)',
      ],
      erase_person: [
        `SELECT feed_desk.erase_person(ARRAY[${ids.join(', ')}]::bigint[], 'forged')`,
        `SELECT feed_desk.erase_person(ARRAY[${ids.join(', ')}]::bigint[], 'forged', ARRAY['policy'])`,
      ],
    };
    // Every function a clerk may execute, read from the catalogue: a new one fails here until attacked too.
    const granted = (
      await office.sql(
        'owner',
        `SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'feed_desk' AND has_function_privilege('cody', p.oid, 'EXECUTE') ORDER BY 1`,
      )
    ).rows.map((r: { proname: string }) => r.proname);
    expect(granted).toEqual(Object.keys(attacks).sort());

    const cody = new pg.Client({ connectionString: office.server.url('cody', 'cody-pw') });
    await cody.connect();
    const refusals: string[] = [];
    try {
      for (const sql of Object.values(attacks).flat()) {
        await cody.query(sql).catch((err: Error) => refusals.push(err.message));
      }
    } finally {
      await cody.end();
    }
    expect(await snapshot()).toEqual(before);
    expect(await leftOut()).toEqual(leftBefore);
    expect((await office.sql('owner', 'SELECT url FROM feed_desk.update_feed')).rows).toEqual([{ url: null }]);
    expect(refusals.filter((m) => /only supervisors set the office's update feed/.test(m))).toHaveLength(2);
    expect(refusals.length).toBeGreaterThanOrEqual(ids.length * 2); // every claim and outcome refused in words
    expect(refusals.filter((m) => /clara/.test(m) || /not being sent by cody/.test(m)).length).toBeGreaterThan(0);
    await clara.recordOutcome(sending, LEASE.owner, {
      state: 'accepted',
      recordid: 1,
      message: 'ok',
      httpStatus: 201,
    });
  });

  it('claim takes only rows due for sending: never one waiting for a person, nor of a paused profile or batch', async () => {
    const waiting = await queued(clara, entry('D-CREDENTIALS'));
    const claimed2 = (await clara.claim(waiting.id, LEASE))!;
    await clara.recordOutcome(claimed2, LEASE.owner, {
      state: 'failed',
      code: 'credentials',
      message: 'refused',
      httpStatus: 401,
      fields: null,
      nextAttemptAt: null,
    });
    expect(await clara.claim(waiting.id, LEASE)).toBeUndefined();
    const other = await queued(clara, entry('D-PAUSED', {}, 'Other'));
    await supervisor.setPaused('Other', true);
    expect(await clara.claim(other.id, LEASE)).toBeUndefined();
    await supervisor.setPaused('Other', false);
    const batch = await clara.batches.open({ profile: 'Sandbox', fileName: 'd.csv', contentHash: 'd-1', fileRows: 1 });
    const [item] = await clara.batches.queue(batch.id, [{ row: 2, allowDuplicate: false, submission: entry('D-B') }]);
    await clara.batches.setPaused(batch.id, true);
    expect(await clara.claim(item?.id ?? 0, LEASE)).toBeUndefined();
    await expect(clara.claim(other.id, { owner: 'x', ms: 1 })).rejects.toThrow(/at least 5000 ms/);
    const sent = (await clara.claim(other.id, LEASE))!;
    expect(sent).toMatchObject({ state: 'sending' });
    expect((await clara.history(other.id)).at(-1)).toMatchObject({
      toState: 'sending',
      actor: "system (clara's desk)",
    });
    await clara.recordOutcome(sent, LEASE.owner, {
      state: 'accepted',
      recordid: 2,
      message: 'ok',
      httpStatus: 201,
    });
    // Recording the same outcome again (its acknowledgement was lost) changes nothing.
    const lines = (await clara.history(other.id)).length;
    const again = await clara.recordOutcome(sent, LEASE.owner, {
      state: 'accepted',
      recordid: 2,
      message: 'ok',
      httpStatus: 201,
    });
    expect(again.row).toMatchObject({ state: 'accepted', recordid: 2 });
    expect(await clara.history(other.id)).toHaveLength(lines);
  });

  it('refuses a payload that is not an object of text; readers go on past an older bad row', async () => {
    const refused = { code: '23514' };
    for (const payload of ['null', '[]', '"text"', '{"reference": 5}', '{"reference": {"a": "b"}}']) {
      await expect(
        office.sql('clerk', `SELECT * FROM feed_desk.queue('entry', 'Sandbox', $1::json, $2, NULL, true)`, [
          payload,
          `bad-${payload}`,
        ]),
      ).rejects.toMatchObject(refused);
    }
    const batch = await clara.batches.open({ profile: 'Sandbox', fileName: 'e.csv', contentHash: 'e-1', fileRows: 1 });
    await expect(
      office.sql(
        'clerk',
        `SELECT * FROM feed_desk.queue_batch($1, ARRAY[2], ARRAY['null'::json], ARRAY['h'], ARRAY[true])`,
        [batch.id],
      ),
    ).rejects.toMatchObject(refused);

    // Rows written before the check (the constraint is NOT VALID: old rows stay as they were).
    await office.sql('owner', 'ALTER TABLE feed_desk.submissions DROP CONSTRAINT submissions_payload_text');
    const inserted = await office.sql(
      'owner',
      `INSERT INTO feed_desk.submissions (kind, profile, operator, payload, payload_hash, state, reference)
         VALUES ('entry', 'Sandbox', 'clara', 'null', 'n', 'accepted', 'BAD-NULL'),
                ('entry', 'Sandbox', 'clara', '{"reference": "BAD-MIXED", "total_seats": 3}', 'm', 'accepted', 'BAD-MIXED')
         RETURNING id`,
    );
    await office.sql(
      'owner',
      'ALTER TABLE feed_desk.submissions ADD CONSTRAINT submissions_payload_text CHECK (feed_desk.is_text_object(payload)) NOT VALID',
    );
    const [nullId, mixedId] = inserted.rows.map((r: { id: string }) => Number(r.id));
    expect((await supervisor.get(nullId ?? 0))?.payload).toEqual({ unreadable: 'null' });
    expect((await supervisor.get(mixedId ?? 0))?.payload).toEqual({ reference: 'BAD-MIXED', total_seats: '3' });
    let csv = '';
    const written = await writeJournalCsv(supervisor, { sort: 'id', direction: 'asc' }, (text) => (csv += text));
    expect(written).toBe((await supervisor.list({ limit: 1 })).total);
    expect(csv).toContain('BAD-MIXED');
  });

  it('a clerk can neither pause a profile for every desk nor keep live screens quiet', async () => {
    await expect(office.sql('clerk', "SELECT feed_desk.set_paused('Sandbox', true)")).rejects.toMatchObject({
      code: '42501',
    });
    await expect(office.sql('clerk', "SELECT feed_desk.send_now('Sandbox')")).rejects.toMatchObject({ code: '42501' });
    expect(await supervisor.paused()).toEqual([]);

    const heard: number[] = [];
    const stop = supervisor.onChange((row) => heard.push(row.id));
    const quiet = new pg.Client({ connectionString: office.server.url('clara', 'clara-pw') });
    await quiet.connect();
    try {
      await quiet.query("SET feed_desk.quiet = 'on'");
      const result = await quiet.query(
        `SELECT (q.submission).id FROM feed_desk.queue('entry', 'Sandbox', '{"reference": "QUIET-1"}', 'q1', NULL, true) q`,
      );
      const id = Number((result.rows[0] as { id: string }).id);
      const deadline = Date.now() + 5_000;
      while (!heard.includes(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toContain(id);
    } finally {
      await quiet.end();
      stop();
    }
  });

  it('open_batch checks its arguments, and a batch is keyed per person as well as per file', async () => {
    const open = (who: 'clerk' | 'clerk2', name: string, rows: number) =>
      office.sql(who, 'SELECT * FROM feed_desk.open_batch($1, $2, $3, $4)', ['Sandbox', name, 'same-file', rows]);
    await expect(open('clerk', 'x'.repeat(100_000), 1)).rejects.toMatchObject({ code: '22023' });
    await expect(open('clerk', 'f.csv', -5)).rejects.toMatchObject({ code: '22023' });
    await expect(open('clerk', 'f\n.csv', 1)).rejects.toMatchObject({ code: '22023' });
    const mine = (await open('clerk', 'f.csv', 3)).rows[0] as { id: string; operator: string };
    const theirs = (await open('clerk2', 'f.csv', 3)).rows[0] as { id: string; operator: string };
    expect(mine.operator).toBe('clara');
    expect(theirs.operator).toBe('cody');
    expect(theirs.id).not.toBe(mine.id);
    expect((await clara.batches.find('Sandbox', 'same-file'))?.id).toBe(Number(mine.id));
  });
});
