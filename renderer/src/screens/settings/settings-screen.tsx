import { useState, type ChangeEvent } from 'react';
import type { ProfilesState } from '../../use-profiles';
import { calls } from './actions';
import { AboutPanel } from './about-panel';
import { DataFolder } from './data-folder';
import { DEFAULT_PROFILE_COLOUR } from '@shared/profile/schema';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CredentialsPanel } from './credentials-panel';
import { JournalPanel } from './journal-panel';
import { PreferencesCard } from './preferences-card';
import { PrivacyPanel } from './privacy-panel';
import { ProfileEditor } from './profile-editor';
import { ScreenTitle } from '../../components/screen-title';

/** What an import did, naming each profile that came in under a new name because its own was taken. */
function importSummary(imported: ReadonlyArray<{ name: string; from: string }>): string {
  if (imported.length === 0) return 'The file held no profiles to import.';
  const names = imported.map((p) =>
    p.name === p.from ? p.name : `${p.name} (the file's ${p.from}; that name is taken)`,
  );
  return `Imported ${names.join(', ')}. Enter the credentials of each imported profile before using it.`;
}

/** Settings: profiles (add, edit, remove, switch), credentials, connection test, export and import, preferences. */
export function SettingsScreen({ profiles }: { profiles: ProfilesState }) {
  const [selected, setSelected] = useState<string | null>(null);
  // Which opening of the editor this is: a save keeps it open (and focus in it), a choice reopens it.
  const [opened, setOpened] = useState(0);
  const choose = (name: string | null) => {
    setSelected(name);
    setOpened((n) => n + 1);
  };
  const [removing, setRemoving] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const list = profiles.state?.profiles ?? [];
  const active = profiles.state?.active;
  const current = selected === '' ? undefined : list.find((p) => p.profile.name === (selected ?? active));

  const act = async (run: () => Promise<{ ok: boolean; error?: { message: string } }>, done: string) => {
    const result = await run();
    setMessage(result.ok ? { ok: true, text: done } : { ok: false, text: result.error?.message ?? 'Failed' });
    await profiles.reload();
    return result.ok;
  };

  const remove = async (name: string) => {
    if (await act(() => calls.profiles.remove({ name }), `Removed ${name}.`)) choose(null);
  };

  const exportProfiles = async () => {
    const result = await calls.profiles.export({});
    if (!result.ok) return setMessage({ ok: false, text: result.error.message });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([result.data.json], { type: 'application/json' }));
    link.download = 'feed-desk-profiles.json';
    link.click();
    URL.revokeObjectURL(link.href);
    setMessage({ ok: true, text: 'Profiles exported (without secrets).' });
  };

  const importProfiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await calls.profiles.import({ json: await file.text() });
    setMessage(
      result.ok ? { ok: true, text: importSummary(result.data.imported) } : { ok: false, text: result.error.message },
    );
    await profiles.reload();
  };

  const keychain = profiles.state?.keychain;
  const profileActions = current && (
    <div className="actions">
      <button
        type="button"
        disabled={current.profile.name === active}
        onClick={() =>
          void act(() => calls.profiles.use({ name: current.profile.name }), `Now using ${current.profile.name}.`)
        }
      >
        {current.profile.name === active ? 'In use' : 'Use this profile'}
      </button>
      {!current.builtIn && (
        <button type="button" className="danger" onClick={() => setRemoving(current.profile.name)}>
          Remove profile
        </button>
      )}
    </div>
  );
  return (
    <div className="settings">
      <ScreenTitle>Settings</ScreenTitle>
      {keychain && !keychain.available && (
        <p role="alert" className="banner error settings-keychain" data-testid="keychain-unavailable">
          The OS keychain is unavailable, so credentials cannot be saved or used; the Sandbox profile works without one.{' '}
          {keychain.message}
        </p>
      )}
      <aside className="profile-list" aria-label="Profiles">
        <h1>Settings</h1>
        <section className="card" aria-labelledby="profiles-title">
          <h2 id="profiles-title">Profiles</h2>
          <ul>
            {list.map((p) => (
              <li key={p.profile.name}>
                <button
                  type="button"
                  aria-current={current?.profile.name === p.profile.name ? 'true' : undefined}
                  onClick={() => choose(p.profile.name)}
                >
                  {!p.builtIn && <span className="swatch" data-colour={p.profile.colour ?? DEFAULT_PROFILE_COLOUR} />}
                  {p.profile.name}
                  {p.profile.name === active && <span className="tag">in use</span>}
                </button>
              </li>
            ))}
          </ul>
          <div className="actions column">
            <button type="button" onClick={() => choose('')}>
              Add profile
            </button>
            <button type="button" onClick={() => void exportProfiles()}>
              Export profiles
            </button>
            <label className="button">
              Import profiles
              <input
                type="file"
                accept="application/json,.json"
                className="visually-hidden"
                onChange={(e) => void importProfiles(e)}
              />
            </label>
          </div>
          {message && (
            <p role="status" className={message.ok ? 'banner success' : 'banner error'}>
              {message.text}
            </p>
          )}
        </section>
      </aside>
      <div className="profile-detail">
        <ProfileEditor
          key={selected === null ? `${opened}:${current?.profile.name ?? ''}` : opened}
          view={current}
          actions={profileActions}
          adding={selected === ''}
          onSaved={async (name) => {
            await profiles.reload();
            setSelected(name);
          }}
        />
        {current && (
          <CredentialsPanel key={`cred-${current.profile.name}`} view={current} onChanged={profiles.reload} />
        )}
        <PreferencesCard />
        <JournalPanel />
        <PrivacyPanel />
        <DataFolder />
        <AboutPanel />
      </div>
      {removing && (
        <ConfirmDialog
          title={`Remove profile ${removing}?`}
          cancelLabel="Keep the profile"
          confirmLabel="Remove profile"
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            void remove(removing);
          }}
        >
          <p>
            Its settings are removed from this computer and its saved credentials from the OS keychain. A profile with
            entries still to send or to resolve is not removed.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
