import { useId, useState, type FormEvent } from 'react';
import { AuditList, ImportLocal } from './office-history';
import { Outcome, type Said } from './office-outcome';
import { useOfficeAdmin, type OfficeAdminState, type People, type Role } from './use-office-admin';
import './office-admin.css';

/** Signs in as the journal's owner for this window (the password stays in main's memory), or out again. */
function OwnerSignIn({ admin }: { admin: OfficeAdminState }) {
  const id = useId();
  const { owner } = admin;
  const [said, setSaid] = useState<Said | null>(null);
  const signIn = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSaid(await admin.signIn(String(data.get('user') ?? ''), String(data.get('password') ?? '')));
  };
  if (owner) {
    return (
      <p className="owner-line">
        Signed in as the owner <strong data-testid="office-owner">{owner}</strong> for this window (the password is not
        stored).{' '}
        <button type="button" onClick={admin.signOut}>
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
function AddPerson({ admin }: { admin: OfficeAdminState }) {
  const id = useId();
  const [said, setSaid] = useState<Said | null>(null);
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    const answer = await admin.addPerson(name, String(data.get('role')) as Role, String(data.get('password') ?? ''));
    if (answer.ok) form.reset();
    setSaid(answer);
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
function PeopleTable({ people, admin }: { people: People; admin: OfficeAdminState }) {
  const [said, setSaid] = useState<Said | null>(null);
  const owner = admin.owner !== null;
  const act = async (done: Promise<Said>) => setSaid(await done);
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
                      void act(admin.setRole(p.name, role));
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
                    onClick={() => void act(admin.setSignIn(p.name, !p.canSignIn))}
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
  const admin = useOfficeAdmin();
  const { owner, people, audit, refusal, reload } = admin;

  return (
    <section className="card office-admin" aria-labelledby="office-admin-title">
      <h2 id="office-admin-title">Office people and administration</h2>
      <OwnerSignIn admin={admin} />
      {refusal && (
        <p role="alert" className="banner error" data-testid="people-refused">
          {refusal}
        </p>
      )}
      {people && <PeopleTable people={people} admin={admin} />}
      {owner && (
        <>
          <h3>Add a person</h3>
          <AddPerson admin={admin} />
          <h3>This desk’s history</h3>
          <ImportLocal onDone={reload} />
          <h3>Audit</h3>
          {audit && <AuditList lines={audit} />}
        </>
      )}
    </section>
  );
}
