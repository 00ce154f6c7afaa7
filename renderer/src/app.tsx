import { Suspense, useEffect, useMemo } from 'react';
import { navigate, useHashRoute, type Route } from './use-hash-route';
import { useProfiles } from './use-profiles';
import { JournalBadge } from './components/journal-badge';
import { ProfileBand, profileColour } from './components/profile-band';
import { ScreenTitle, TitleProfileProvider } from './components/screen-title';
import {
  CancellationScreen,
  ImportScreen,
  JournalScreen,
  NewEntryScreen,
  SettingsScreen,
  SummaryScreen,
  prefetchScreens,
} from './screen-modules';
import { useAttentionCount } from './screens/journal/use-attention-count';
import { useJournalReachable } from './journal-feed/journal-feed';

/** How long after the start the other screens are fetched. */
const PREFETCH_AFTER_MS = 3000;

const SCREENS = [
  { route: 'new-entry', label: 'New entry', keys: 'Alt+N' },
  { route: 'cancellation', label: 'Cancellation', keys: 'Alt+C' },
  { route: 'import', label: 'Bulk import', keys: 'Alt+I' },
  { route: 'journal', label: 'Journal', keys: 'Alt+J' },
  { route: 'settings', label: 'Settings', keys: 'Alt+T' },
] as const;

/**
 * Alt+N, Alt+C, Alt+I, Alt+J, Alt+T (Settings) and Alt+D (the daily summary) go to their screens from anywhere (by
 * physical key too, for other layouts); in the Journal, Alt+D is the Journal's (the filter's dates).
 */
const GO_KEYS: Record<string, Route> = {
  KeyN: 'new-entry',
  n: 'new-entry',
  KeyC: 'cancellation',
  c: 'cancellation',
  KeyI: 'import',
  i: 'import',
  KeyJ: 'journal',
  j: 'journal',
  KeyD: 'summary',
  d: 'summary',
  KeyT: 'settings',
  t: 'settings',
};

/**
 * The app shell: navigation to the screens (the Journal link counts the rows that need a
 * person, live), the active profile always visible.
 */
export function App() {
  const route = useHashRoute();
  const profiles = useProfiles();
  const attention = useAttentionCount();
  const journalReachable = useJournalReachable();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const to = GO_KEYS[event.code] ?? GO_KEYS[event.key.toLowerCase()];
      if (!to || to === route || document.querySelector('dialog[open]')) return;
      if (to === 'summary' && route === 'journal') return;
      // New entry's own Alt+N handler decides there (it may ask before clearing typed work).
      navigate(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [route]);
  useEffect(() => {
    // Not while the first screen is still being read and scrolled: its modules would be
    // evaluated in the middle of that.
    let idle = 0;
    const later = setTimeout(() => (idle = requestIdleCallback(prefetchScreens, { timeout: 2000 })), PREFETCH_AFTER_MS);
    return () => {
      clearTimeout(later);
      cancelIdleCallback(idle);
    };
  }, []);

  // The same element while the route and profiles stay: the shell's own updates (the attention
  // count, the journal's reachability) do not redraw the screen.
  const screen = useMemo(() => <Screen route={route} profiles={profiles} />, [route, profiles]);
  const active = profiles.active;
  const colour = profileColour(active);
  return (
    <TitleProfileProvider value={colour && active ? active.profile.name : null}>
      <div className="shell">
        <ProfileBand view={active} />
        <header className="topbar">
          <span className="brand">Feed Desk</span>
          <nav aria-label="Screens">
            {SCREENS.map((s) => {
              const count = s.route === 'journal' ? (attention ?? 0) : 0;
              return (
                <a
                  key={s.route}
                  href={`#/${s.route}`}
                  aria-current={
                    route === s.route || (s.route === 'journal' && route === 'summary') ? 'page' : undefined
                  }
                  aria-label={count > 0 ? `${s.label}, ${count} need attention` : undefined}
                  aria-keyshortcuts={s.keys}
                  title={`${s.label} (${s.keys})`}
                >
                  {s.label}
                  <kbd>{s.keys}</kbd>
                  {count > 0 && (
                    <span className="nav-badge" data-testid="attention-badge">
                      {count.toLocaleString()}
                    </span>
                  )}
                </a>
              );
            })}
          </nav>
          <p className="profile-badge" aria-live="polite">
            {colour && <span className="swatch" data-colour={colour} />}
            Profile <strong data-testid="active-profile">{active?.profile.name ?? '…'}</strong>
            {active?.builtIn && <span className="tag">built-in sandbox</span>}
          </p>
          <JournalBadge className="profile-badge" />
        </header>
        <main className="content">
          {!journalReachable && (
            <p role="alert" className="banner error" data-testid="journal-unreachable">
              The office journal is unreachable; nothing is being sent. Typed entries are kept on this computer.
            </p>
          )}
          {profiles.error && (
            <p role="alert" className="banner error">
              {profiles.error}
            </p>
          )}
          {route === 'journal' && (
            <ScreenTitle>
              {attention ? `Journal – ${attention.toLocaleString()} need attention` : 'Journal'}
            </ScreenTitle>
          )}
          <Suspense fallback={<p role="status">Loading…</p>}>{screen}</Suspense>
        </main>
      </div>
    </TitleProfileProvider>
  );
}

function Screen({ route, profiles }: { route: Route; profiles: ReturnType<typeof useProfiles> }) {
  if (route === 'settings') return <SettingsScreen profiles={profiles} />;
  if (route === 'journal') return <JournalScreen inUse={profiles.active?.profile.name ?? null} />;
  if (route === 'summary') return <SummaryScreen />;
  if (route === 'import') return <ImportScreen profiles={profiles} />;
  const active = profiles.active;
  if (route === 'cancellation') {
    return active ? <CancellationScreen key={active.profile.name} profile={active.profile} /> : <p>Loading…</p>;
  }
  return active ? <NewEntryScreen key={active.profile.name} profile={active.profile} /> : <p>Loading…</p>;
}
