import { useJournalLocation, type JournalLocationView } from '../use-journal-location';

/** The badge's words: where the journal is and, in an office database, who is signed in as what. */
export function journalBadgeText(location: Pick<JournalLocationView, 'kind' | 'label' | 'user' | 'role'>): string {
  if (location.kind === 'local') return 'Journal: this computer';
  return `Journal: office db ${location.label} · signed in as ${location.user} (${location.role})`;
}

/**
 * Which journal this desk uses, for the top bar: "Journal: this computer" or the office
 * database with the signed-in user and role. Nothing until main has answered.
 */
export function JournalBadge({ className = 'journal-badge' }: { className?: string }) {
  const { location } = useJournalLocation();
  if (!location) return null;
  const full = [journalBadgeText(location), location.note].filter(Boolean).join(' · ');
  return (
    <p className={className} data-testid="journal-badge" title={full}>
      {location.kind === 'local' ? (
        journalBadgeText(location)
      ) : (
        // The server's name may shorten so the top bar keeps to one line; the whole is on hover and in Settings.
        <>
          Journal: office db <span className="journal-server">{location.label}</span> · signed in as {location.user} (
          {location.role})
        </>
      )}
      {location.note ? <span className="journal-badge-note"> · {location.note}</span> : null}
    </p>
  );
}
