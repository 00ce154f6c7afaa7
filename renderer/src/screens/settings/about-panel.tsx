import { useState } from 'react';
import { calls } from './actions';
import { useRead } from '../../journal-feed/use-live';
import { UpdatesSection } from './updates-section';

const loadAbout = () => calls.app.about({});

/** Settings › About: the command line this version carries, and the command that installs it with this computer's Node. */
export function AboutPanel() {
  const about = useRead(loadAbout).data;
  const [copied, setCopied] = useState<string | null>(null);
  const [diagnostics, setDiagnostics] = useState<{ text: string; error: boolean } | null>(null);
  const saveDiagnostics = async () => {
    setDiagnostics(null);
    const result = await calls.app.saveDiagnostics({});
    if (!result.ok) return setDiagnostics({ text: `Diagnostics not saved: ${result.error.message}`, error: true });
    const { path, errors } = result.data;
    setDiagnostics({
      text: path
        ? `Saved diagnostics to ${path}: no customer data and no secrets, ${errors} ${errors === 1 ? 'failure' : 'failures'} listed. Send this file to support as it is.`
        : 'Not saved: no file was chosen.',
      error: false,
    });
  };
  const copy = async (command: string) => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied('Command copied.');
    } catch {
      setCopied('Could not copy: select the command and copy it.');
    }
  };
  return (
    <section className="card about" aria-labelledby="about-title">
      <h2 id="about-title">About</h2>
      {about?.install ? (
        <>
          <p>
            The command line, <code>feed-desk</code>, keys entries, runs a sandbox and sets up the office journal from a
            terminal. It needs Node.js 20.19 or 22.12 or newer on this computer; install it with this command, then run{' '}
            <code>feed-desk --help</code>:
          </p>
          {/* A long path wraps anywhere rather than running out of the card at 200 % zoom. */}
          <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <code data-testid="cli-install">{about.install}</code>
          </pre>
          <div className="actions">
            <button type="button" onClick={() => void copy(about.install ?? '')}>
              Copy command
            </button>
          </div>
          {copied && <p role="status">{copied}</p>}
        </>
      ) : (
        <p>{about ? 'This build of Feed Desk carries no command line.' : 'Looking for the command line…'}</p>
      )}
      <UpdatesSection />
      <h3>Diagnostics for support</h3>
      <p>
        Versions, profiles, the journal&apos;s location and counts, and the latest failures with their codes; every
        customer&apos;s details and every secret are left out (also Help › Save diagnostics…, and{' '}
        <code>feed-desk diagnostics --out FILE</code>).
      </p>
      <div className="actions">
        <button type="button" onClick={() => void saveDiagnostics()}>
          Save diagnostics…
        </button>
      </div>
      {diagnostics && (
        <p role={diagnostics.error ? 'alert' : 'status'} data-testid="diagnostics-result">
          {diagnostics.text}
        </p>
      )}
    </section>
  );
}
