import { useEffect } from 'react';
import { navigate, useHashRoute } from './use-hash-route';
import { useProfiles } from './use-profiles';
import { NewEntryScreen } from './screens/new-entry/new-entry-screen';
import { SettingsScreen } from './screens/settings/settings-screen';

const SCREENS = [
  { route: 'new-entry', label: 'New entry', hint: 'Alt+N' },
  { route: 'settings', label: 'Settings', hint: '' },
] as const;

/** The app shell: navigation to the screens that work, the active profile always visible. */
export function App() {
  const route = useHashRoute();
  const profiles = useProfiles();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.key.toLowerCase() === 'n' && route !== 'new-entry') navigate('new-entry');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [route]);

  const active = profiles.active;
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Feed Desk</span>
        <nav aria-label="Screens">
          {SCREENS.map((s) => (
            <a key={s.route} href={`#/${s.route}`} aria-current={route === s.route ? 'page' : undefined}>
              {s.label}
              {s.hint && <kbd>{s.hint}</kbd>}
            </a>
          ))}
        </nav>
        <p className="profile-badge" aria-live="polite">
          Profile <strong data-testid="active-profile">{active?.profile.name ?? '…'}</strong>
          {active?.builtIn && <span className="tag">built-in sandbox</span>}
        </p>
      </header>
      <main className="content">
        {profiles.error && (
          <p role="alert" className="banner error">
            {profiles.error}
          </p>
        )}
        {route === 'settings' ? (
          <SettingsScreen profiles={profiles} />
        ) : active ? (
          <NewEntryScreen key={active.profile.name} profile={active.profile} />
        ) : (
          <p>Loading…</p>
        )}
      </main>
    </div>
  );
}
