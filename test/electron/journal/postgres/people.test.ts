import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { OfficePermissionError } from '@main/journal/errors';
import { listPeople, readAudit, setRole, setSignIn } from '@main/journal/office/people';
import { addUser } from '@main/journal/office/roles';
import { PEOPLE, startOffice, type Office } from './office-rig';
import { describeOfficeOnly } from '@test/support/stores';
import { OWNER } from '@test/support/postgres';
import { PG_MIGRATIONS } from '@main/journal/postgres/schema/migrations';

describeOfficeOnly('office journal: people and the administration audit', () => {
  let office: Office;
  const as = (who: keyof typeof PEOPLE | 'owner') =>
    who === 'owner'
      ? { url: office.server.ownerUrl }
      : { url: office.server.url(PEOPLE[who].user, PEOPLE[who].password) };

  beforeAll(async () => {
    office = await startOffice();
  }, 60_000);
  afterAll(() => office?.stop());

  it('lists the people to the owner and to supervisors, with their role and sign-in, and refuses clerks', async () => {
    const expected = [
      { name: 'clara', role: 'clerk', canSignIn: true },
      { name: 'cody', role: 'clerk', canSignIn: true },
      { name: 'sam', role: 'supervisor', canSignIn: true },
    ];
    expect(await listPeople(as('owner'))).toEqual(expected);
    expect(await listPeople(as('supervisor'))).toEqual(expected);
    await expect(listPeople(as('clerk'))).rejects.toThrow(OfficePermissionError);
    await expect(listPeople(as('clerk'))).rejects.toThrow('clara is a clerk: only supervisors and the journal');
  });

  it('lets only the owner change a role or sign-in, and refuses names that are not its people', async () => {
    for (const who of ['supervisor', 'clerk'] as const) {
      await expect(setRole(as(who), 'cody', 'supervisor')).rejects.toThrow(/is not the owner of the office journal/);
      await expect(setSignIn(as(who), 'clara', false)).rejects.toThrow(OfficePermissionError);
    }
    await expect(setRole(as('owner'), OWNER, 'clerk')).rejects.toThrow(
      `${OWNER} is not a person of this office journal`,
    );
    await expect(setRole(as('owner'), 'feed_desk_clerk', 'supervisor')).rejects.toThrow('group role');
    expect((await listPeople(as('owner'))).find((p) => p.name === 'cody')?.role).toBe('clerk');
  });

  it('never takes over an account that is not one of its people: the administrator, the owner, a group', async () => {
    // The cluster's superuser is a member of every group to pg_has_role: it must still be refused.
    for (const name of [OWNER, 'feed_desk_supervisor']) {
      await expect(addUser(as('owner'), name, 'clerk', 'a-new-password-1')).rejects.toThrow(OfficePermissionError);
    }
    // The superuser's own password still works: nothing was changed.
    expect(await listPeople(as('owner'))).toHaveLength(3);
  });

  it('moves a person between roles and turns their sign-in off and on, as the database enforces', async () => {
    await setRole(as('owner'), 'cody', 'supervisor');
    expect((await listPeople(as('owner'))).find((p) => p.name === 'cody')).toEqual({
      name: 'cody',
      role: 'supervisor',
      canSignIn: true,
    });
    const isSupervisor = await office.sql('clerk2', 'SELECT feed_desk.is_supervisor() AS yes');
    expect(isSupervisor.rows[0]?.yes).toBe(true);
    await setRole(as('owner'), 'cody', 'clerk');
    expect((await office.sql('clerk2', 'SELECT feed_desk.is_supervisor() AS yes')).rows[0]?.yes).toBe(false);

    await setSignIn(as('owner'), 'cody', false);
    expect((await listPeople(as('owner'))).find((p) => p.name === 'cody')?.canSignIn).toBe(false);
    const refused = await office.sql('clerk2', 'SELECT 1').catch((err: unknown) => err as pg.DatabaseError);
    expect((refused as pg.DatabaseError).code).toBe('28000'); // role is not permitted to log in
    await setSignIn(as('owner'), 'cody', true);
    expect((await office.sql('clerk2', 'SELECT 1 AS one')).rows[0]?.one).toBe(1);
  });

  it('keeps an audit line of every change, by whom, readable by the owner only', async () => {
    const lines = await readAudit(as('owner'));
    const said = lines.map((l) => `${l.actor}: ${l.action} ${l.detail}`.trim()).reverse();
    expect(said).toEqual(
      expect.arrayContaining([
        `${OWNER}: office journal set up (schema ${PG_MIGRATIONS.length})`,
        `${OWNER}: person added clara as clerk, with a new password`,
        `${OWNER}: person added sam as supervisor, with a new password`,
        `${OWNER}: role changed cody is now a supervisor`,
        `${OWNER}: role changed cody is now a clerk`,
        `${OWNER}: sign-in turned off cody`,
        `${OWNER}: sign-in allowed cody`,
      ]),
    );
    // Newest first, each with its time.
    expect(lines[0]?.action).toBe('sign-in allowed');
    expect(Number.isNaN(Date.parse(lines[0]?.at ?? ''))).toBe(false);
    // A refused change left no line.
    expect(said.filter((s) => s.includes('feed_desk_clerk'))).toEqual([]);

    await expect(readAudit(as('supervisor'))).rejects.toThrow(OfficePermissionError);
    for (const who of ['supervisor', 'clerk'] as const) {
      const read = await office.sql(who, 'SELECT * FROM feed_desk.admin_audit').catch((err: unknown) => err);
      expect((read as pg.DatabaseError).code).toBe('42501');
      const write = await office
        .sql(who, "INSERT INTO feed_desk.admin_audit (action) VALUES ('forged')")
        .catch((err: unknown) => err);
      expect((write as pg.DatabaseError).code).toBe('42501');
    }
  });
});
