import { useState, type FormEvent } from 'react';
import type { ProfileView } from '@shared/ipc/contract';
import { calls } from './actions';

/** Scheme, host and port of a base URL, as the keychain binds a secret to it. */
const originOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
};

/** Write-only credentials and the connection test. The secret is never shown or read back. */
export function CredentialsPanel({ view, onChanged }: { view: ProfileView; onChanged: () => Promise<void> }) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const name = view.profile.name;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const result = await calls.credentials.save({
      profile: name,
      clientId: String(data.get('clientId') ?? ''),
      clientSecret: String(data.get('clientSecret') ?? ''),
    });
    form.reset();
    setStatus(
      result.ok
        ? { ok: true, text: 'Credentials saved in the OS keychain.' }
        : { ok: false, text: result.error.message },
    );
    await onChanged();
  };

  const remove = async () => {
    if (!window.confirm(`Remove the saved credentials of ${name} from the OS keychain?`)) return;
    const result = await calls.credentials.delete({ profile: name });
    setStatus(
      result.ok
        ? { ok: true, text: 'Credentials removed from the OS keychain.' }
        : { ok: false, text: result.error.message },
    );
    await onChanged();
  };

  const test = async () => {
    setTesting(true);
    setStatus(null);
    const result = await calls.connection.test({ profile: name });
    setTesting(false);
    setStatus(
      result.ok
        ? { ok: true, text: result.data.message }
        : { ok: false, text: `Connection failed: ${result.error.message}` },
    );
  };

  return (
    <section className="credentials card" aria-labelledby="cred-title">
      <h2 id="cred-title">Credentials</h2>
      <p>
        Client ID: <strong data-testid="client-id">{view.clientId ?? 'not set'}</strong> · Client secret:{' '}
        <strong data-testid="secret-state">{view.hasSecret ? 'set' : 'not set'}</strong>
        {view.builtIn && ' (built-in demo credentials)'}
      </p>
      {!view.builtIn && (
        <p className="hint">
          Saved for {originOf(view.profile.baseUrl)} only: changing the base URL to another host asks for the secret
          again.
        </p>
      )}
      {!view.builtIn && (
        <form onSubmit={(e) => void save(e)} aria-label="Save credentials" className="grid">
          <div className="field">
            <label htmlFor="c-id">Client ID</label>
            <input id="c-id" name="clientId" autoComplete="off" required />
          </div>
          <div className="field">
            <label htmlFor="c-secret">Client secret</label>
            <input id="c-secret" name="clientSecret" type="password" autoComplete="new-password" required />
          </div>
          <div className="actions">
            <button type="submit">Save credentials</button>
            {view.hasSecret && (
              <button type="button" onClick={() => void remove()}>
                Remove credentials
              </button>
            )}
          </div>
        </form>
      )}
      <div className="actions">
        <button type="button" onClick={() => void test()} disabled={testing}>
          {testing ? 'Testing…' : 'Test the service connection'}
        </button>
      </div>
      {status && (
        <p role="status" data-testid="connection-status" className={status.ok ? 'banner success' : 'banner error'}>
          {status.text}
        </p>
      )}
    </section>
  );
}
