import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ResponseOf } from '../../../../shared/ipc/contract';
import { api } from '../../api';
import { AuditList, ImportLocal, type AuditLines } from './office-history';
import { Outcome, type Said } from './office-outcome';
import './office-admin.css';

type People = ResponseOf<'office:people'>['people'];
type Role = People[number]['role'];

/** Signs in as the journal's owner for this window (the password stays in main's memory), or out again. */
function OwnerSignIn({ owner, onChange }: { owner: string | null; onChange: (owner: string | null) => void }) {
  const id = useId();
  const [said, setSaid] = useState<Said | null>(null);
  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const result = await api.office.ownerSignIn({
      user: String(data.get('user') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    setSaid(result.ok ? null : { ok: false, text: result.error.message });
    if (result.ok) onChange(result.data.owner);
  };
  if (owner) {
    return (
      <p className="owner-line">
        Signed in as the owner <strong data-testid="office-owner">{owner}</strong> for this window (the password is not
        stored).{' '}
        <button type="button" onClick={() => void api.office.ownerSignOut({}).then(() => onChange(null))}>
          Sign out owner
        </button>
      </p>
    );
  }
  return (
    <form aria-label="Owner sign-in" onSubmit={(e) => void signIn(e)} className="owner-sign-in">
      <p className="hint">To change people or bring this desk’s history, sign in with the journal owner’s account.</p>
      <div className="field">
        <label htmlFor={`${id}-user`}>Owner account</label>
        <input id={`${id}-user`} name="user" autoComplete="off" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Owner password</label>
        <input id={`${id}-password`} name="password" type="password" autoComplete="off" required />
      </div>
      <button type="submit">Sign in as owner</button>
      <Outcome said={said} testId="owner" />
    </form>
  );
}

/** Adds a person with a role; an empty password makes one, shown once. */
function AddPerson({ onAdded }: { onAdded: () => void }) {
  const id = useId();
  const [said, setSaid] = useState<Said | null>(null);
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const typed = String(data.get('password') ?? '');
    const name = String(data.get('name') ?? '').trim();
    const role = String(data.get('role')) as Role;
    const result = await api.office.addPerson({ name, role, ...(typed ? { password: typed } : {}) });
    if (!result.ok) return setSaid({ ok: false, text: result.error.message });
    form.reset();
    const verb = result.data.created ? 'Added' : 'Updated';
    const shown = result.data.password
      ? `. Their first password, shown only now: ${result.data.password}`
      : ', with the password you typed.';
    setSaid({ ok: true, text: `${verb} ${name} as ${role}${shown}` });
    onAdded();
  };
  return (
    <form aria-label="Add a person" onSubmit={(e) => void add(e)} className="add-person">
      <div className="field">
        <label htmlFor={`${id}-name`}>User name</label>
        <input id={`${id}-name`} name="name" autoComplete="off" required maxLength={63} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`}>Role</label>
        <select id={`${id}-role`} name="role" defaultValue="clerk">
          <option value="clerk">Clerk</option>
          <option value="supervisor">Supervisor</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>First password</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          aria-describedby={`${id}-password-hint`}
        />
        <p className="hint" id={`${id}-password-hint`}>
          At least 12 characters, or leave empty to make one. It reaches the server only as a SCRAM verifier.
        </p>
      </div>
      <button type="submit">Add person</button>
      <Outcome said={said} testId="add-person" />
    </form>
  );
}

/** The people table: supervisors read it; the owner changes roles and sign-in in place. */
function PeopleTable({ people, owner, reload }: { people: People; owner: boolean; reload: () => void }) {
  const [said, setSaid] = useState<Said | null>(null);
  const act = async (done: Promise<{ ok: true } | { ok: false; error: { message: string } }>, text: string) => {
    const result = await done;
    setSaid(result.ok ? { ok: true, text } : { ok: false, text: result.error.message });
    reload();
  };
  return (
    <>
      <table className="people" aria-label="People of the office journal">
        <thead>
          <tr>
            <th scope="col">User name</th>
            <th scope="col">Role</th>
            <th scope="col">Can sign in</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.name}>
              <th scope="row">{p.name}</th>
              <td>
                {owner ? (
                  <select
                    aria-label={`Role of ${p.name}`}
                    value={p.role}
                    onChange={(e) => {
                      const role = e.target.value as Role;
                      void act(api.office.setRole({ name: p.name, role }), `${p.name} is now a ${role}.`);
                    }}
                  >
                    <option value="clerk">Clerk</option>
                    <option value="supervisor">Supervisor</option>
                  </select>
                ) : p.role === 'supervisor' ? (
                  'Supervisor'
                ) : (
                  'Clerk'
                )}
              </td>
              <td>
                {owner ? (
                  <button
                    type="button"
                    aria-label={`${p.canSignIn ? 'Turn off sign-in for' : 'Allow sign-in for'} ${p.name}`}
                    onClick={() =>
                      void act(
                        api.office.setSignIn({ name: p.name, canSignIn: !p.canSignIn }),
                        p.canSignIn ? `${p.name} can no longer sign in.` : `${p.name} can sign in again.`,
                      )
                    }
                  >
                    {p.canSignIn ? 'Yes — turn off' : 'No — allow'}
                  </button>
                ) : p.canSignIn ? (
                  'Yes'
                ) : (
                  'No'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Outcome said={said} testId="people" />
    </>
  );
}

/**
 * Settings → Journal's administration of the office journal, for supervisors (who see the people)
 * and its owner (who changes them, brings this desk's history and reads the audit). Every refusal
 * is main's plain sentence; the database refuses anyway.
 */
export function OfficeAdmin() {
  const [owner, setOwner] = useState<string | null>(null);
  const [people, setPeople] = useState<People | null>(null);
  const [audit, setAudit] = useState<AuditLines | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Only the newest read may land: an older answer (from before a sign-out, say) is dropped. */
  const latest = useRef(0);
  const load = useCallback(async () => {
    const mine = ++latest.current;
    const listed = await api.office.people({});
    if (mine !== latest.current) return;
    if (!listed.ok) {
      setPeople(null);
      setRefusal(listed.error.message);
      return;
    }
    setRefusal(null);
    setPeople(listed.data.people);
    setOwner(listed.data.owner);
    if (listed.data.owner) {
      const read = await api.office.audit({});
      if (mine === latest.current) setAudit(read.ok ? read.data.lines : null);
    } else setAudit(null);
  }, []);

  useEffect(() => {
    void load();
  }, [load, owner]);

  return (
    <section className="card office-admin" aria-labelledby="office-admin-title">
      <h2 id="office-admin-title">Office people and administration</h2>
      <OwnerSignIn owner={owner} onChange={setOwner} />
      {refusal && (
        <p role="alert" className="banner error" data-testid="people-refused">
          {refusal}
        </p>
      )}
      {people && <PeopleTable people={people} owner={owner !== null} reload={() => void load()} />}
      {owner && (
        <>
          <h3>Add a person</h3>
          <AddPerson onAdded={() => void load()} />
          <h3>This desk’s history</h3>
          <ImportLocal onDone={() => void load()} />
          <h3>Audit</h3>
          {audit && <AuditList lines={audit} />}
        </>
      )}
    </section>
  );
}
