import { useJournalLocation, type JournalLocationView } from '../../use-journal-location';
import { OfficeAdmin } from './office-admin';
import { OfficeFields } from './office-fields';
import { useJournalPanel } from './use-journal-panel';
import './journal-panel.css';

/** What the signed-in role may do, in an office database. */
const ROLE_NOTE: Partial<Record<JournalLocationView['role'], string>> = {
  clerk:
    'As a clerk you key, send and see every desk’s entries; supervisors resolve unknowns and mark entries reviewed.',
  supervisor: 'As a supervisor you also resolve unknowns and mark entries reviewed.',
};

/** The saved choice, when it is not the journal in use (it applies after a restart). */
function pendingText(location: JournalLocationView): string {
  const { saved } = location;
  const where =
    saved.kind === 'local'
      ? 'this computer'
      : `office database ${saved.office.host}:${saved.office.port}/${saved.office.database} as ${saved.office.user}`;
  return `Saved for the next start: ${where}. Restart Feed Desk to use it.`;
}

/** Which journal is in use and who is signed in as what. */
function InUse({ location }: { location: JournalLocationView }) {
  const note = ROLE_NOTE[location.role];
  return (
    <div className="journal-in-use">
      <p data-testid="journal-in-use">
        In use now:{' '}
        {location.kind === 'local' ? (
          <>
            <strong>this computer</strong> · entries recorded as {location.user}
          </>
        ) : (
          <>
            <strong>office database {location.label}</strong> · signed in as {location.user} ({location.role})
          </>
        )}
      </p>
      {location.kind === 'office' && note && <p className="hint">{note}</p>}
      {location.encrypted === true && (
        <p className="hint" data-testid="journal-encryption">
          Encrypted on disk, with a key kept in this computer’s keychain.
        </p>
      )}
      {location.encrypted === false && (
        <p className="banner warning" data-testid="journal-encryption">
          Not encrypted: no keychain could be used on this computer, so customers’ details in the journal can be read by
          anyone who copies the file. Start the desktop’s keychain and restart Feed Desk to encrypt it.
        </p>
      )}
      {location.restartNeeded && (
        <p className="banner info" data-testid="journal-pending">
          {pendingText(location)}
        </p>
      )}
    </div>
  );
}

/** The Journal form: this computer or an office database, tested and saved. */
function JournalForm({ location, reload }: { location: JournalLocationView; reload: () => Promise<void> }) {
  const panel = useJournalPanel(location, reload);
  const { form, kind, tls, passwordStored, busy, status, test, setup, save } = panel;
  const { register, formState } = form;
  return (
    <form onSubmit={(e) => void save(e)} noValidate aria-label="Journal settings">
      <fieldset className="journal-choice">
        <legend>Where the journal lives</legend>
        <div className="choice">
          <input
            type="radio"
            id="j-kind-local"
            value="local"
            aria-describedby="j-kind-local-hint"
            {...register('kind')}
          />
          <label htmlFor="j-kind-local">This computer</label>
          <p className="hint" id="j-kind-local-hint">
            In Feed Desk’s data folder: for a single desk.
          </p>
        </div>
        <div className="choice">
          <input
            type="radio"
            id="j-kind-office"
            value="office"
            aria-describedby="j-kind-office-hint"
            {...register('kind')}
          />
          <label htmlFor="j-kind-office">Office database</label>
          <p className="hint" id="j-kind-office-hint">
            PostgreSQL shared by every desk of the office, so supervisors see every desk’s entries.
          </p>
        </div>
      </fieldset>
      {kind === 'office' && (
        <OfficeFields
          register={register}
          errors={formState.errors}
          tls={tls}
          passwordStored={passwordStored}
          caFile={panel.caFile ?? ''}
          onChooseCaFile={() => void panel.chooseCaFile()}
          onClearCaFile={panel.clearCaFile}
        />
      )}
      <div className="actions">
        {kind === 'office' && (
          <button type="button" aria-disabled={busy !== null} onClick={() => void test()}>
            {busy === 'test' ? 'Testing…' : 'Test the journal connection'}
          </button>
        )}
        {kind === 'office' && (
          <button type="button" aria-disabled={busy !== null} onClick={() => void setup()}>
            {busy === 'setup' ? 'Setting up…' : 'Set up office journal (owner)'}
          </button>
        )}
        <button type="submit" className="primary" aria-disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save journal choice'}
        </button>
      </div>
      <p role="status" data-testid="journal-status" className={status?.ok ? 'banner success' : undefined}>
        {status?.ok ? status.text : ''}
      </p>
      {status && !status.ok && (
        <p role="alert" data-testid="journal-error" className="banner error">
          {status.text}
        </p>
      )}
    </form>
  );
}

/**
 * Settings' Journal card: where this desk's journal lives (this computer, or an office
 * database with its connection, TLS and write-only password), which one is in use now and
 * the signed-in role. A new choice applies after a restart.
 */
export function JournalPanel() {
  const { location, error, reload } = useJournalLocation();
  const card = (
    <section className="card journal-panel" aria-labelledby="journal-title">
      <h2 id="journal-title">Journal</h2>
      {location ? (
        <>
          <InUse location={location} />
          <JournalForm location={location} reload={reload} />
        </>
      ) : (
        <p role={error ? 'alert' : undefined}>{error ?? 'Loading…'}</p>
      )}
    </section>
  );
  const office = location && (location.kind === 'office' || location.saved.kind === 'office');
  return office ? (
    <>
      {card}
      {/* A new saved choice is another journal: its people are read again. */}
      <OfficeAdmin key={JSON.stringify(location.saved)} />
    </>
  ) : (
    card
  );
}
