import { useCallback } from 'react';
import type { ResponseOf } from '@shared/ipc/contract';
import type { Result } from '@shared/ipc/result';
import { calls } from './actions';
import { useRead } from '../../journal-feed/use-live';
import type { AuditLines } from './office-history';
import type { Said } from './office-outcome';

/** The people of the office journal, as supervisors see them. */
export type People = ResponseOf<'office:people'>['people'];
/** A person's role. */
export type Role = People[number]['role'];

/** The people, the owner signed in for this window (if any) and, for the owner, the audit. */
async function readOffice(): Promise<Result<{ people: People; owner: string | null; audit: AuditLines | null }>> {
  const listed = await calls.office.people({});
  if (!listed.ok) return listed;
  const audit = listed.data.owner ? await calls.office.audit({}) : null;
  return { ok: true, data: { ...listed.data, audit: audit?.ok ? audit.data.lines : null } };
}

/** An action's answer in words: `text` when it went through, main's sentence when refused. */
const said = (result: Result<unknown>, text: string): Said =>
  result.ok ? { ok: true, text } : { ok: false, text: result.error.message };

/**
 * The logic of the office journal's administration: what supervisors read (the people) and the
 * owner too (the audit), read again after every action (only the newest answer lands: an older one,
 * from before a sign-out, say, is dropped), and the owner's actions, each answering in words.
 */
export function useOfficeAdmin() {
  const read = useRead(readOffice);
  const { reload } = read;
  /** Reads again after an action, whatever it answered, and says how it went. */
  const after = useCallback(
    async (action: Promise<Result<unknown>>, text: string) => {
      const result = await action;
      reload();
      return said(result, text);
    },
    [reload],
  );

  /** Signs in as the journal's owner for this window (the password stays in main's memory); null when it did. */
  const signIn = async (user: string, password: string): Promise<Said | null> => {
    const result = await calls.office.ownerSignIn({ user, password });
    if (!result.ok) return said(result, '');
    reload();
    return null;
  };
  const signOut = () => void after(calls.office.ownerSignOut({}), '');
  /** Adds a person with a role; an empty password makes one, shown once. */
  const addPerson = async (name: string, role: Role, password: string): Promise<Said> => {
    const result = await calls.office.addPerson({ name, role, ...(password ? { password } : {}) });
    if (!result.ok) return said(result, '');
    reload();
    const verb = result.data.created ? 'Added' : 'Updated';
    const shown = result.data.password
      ? `. Their first password, shown only now: ${result.data.password}`
      : ', with the password you typed.';
    return { ok: true, text: `${verb} ${name} as ${role}${shown}` };
  };
  const setRole = (name: string, role: Role) =>
    after(calls.office.setRole({ name, role }), `${name} is now a ${role}.`);
  const setSignIn = (name: string, canSignIn: boolean) =>
    after(
      calls.office.setSignIn({ name, canSignIn }),
      canSignIn ? `${name} can sign in again.` : `${name} can no longer sign in.`,
    );

  const refusal = read.error;
  return {
    owner: read.data?.owner ?? null,
    people: refusal ? null : (read.data?.people ?? null),
    audit: read.data?.audit ?? null,
    refusal,
    reload,
    signIn,
    signOut,
    addPerson,
    setRole,
    setSignIn,
  };
}

/** What useOfficeAdmin returns. */
export type OfficeAdminState = ReturnType<typeof useOfficeAdmin>;
