import type { JournalDetail } from '@shared/ipc/contract';
import { useHashQuery } from '../../../use-hash-route';
import { journalQuery, parseJournalQuery } from '../journal-view';
import { STATE_LABELS } from './format';

type Link = JournalDetail['links'][number];

/** A linked row in words: "Cancels entry #3 (recordid 100001)" or "Cancellation #12 — accepted, recordid 100005". */
function linkWords(link: Link): string {
  if (link.kind === 'entry') {
    return `Cancels entry #${link.id}${link.recordid !== null ? ` (recordid ${link.recordid})` : ''}`;
  }
  const state = STATE_LABELS[link.state].toLowerCase();
  return `Cancellation #${link.id} — ${state}${link.recordid !== null ? `, recordid ${link.recordid}` : ''}`;
}

/** The corrections this row takes part in: the row it corrects, and the accepted row that superseded it. */
function corrections(row: JournalDetail['row']): Array<{ id: number; words: string; testId: string }> {
  return [
    ...(row.corrects !== null
      ? [{ id: row.corrects, words: `Corrects journal #${row.corrects}`, testId: 'link-corrects' }]
      : []),
    ...(row.supersededBy !== null
      ? [{ id: row.supersededBy, words: `Superseded by journal #${row.supersededBy}`, testId: 'link-superseded-by' }]
      : []),
  ];
}

/**
 * The rows linked to this one: through the recordid (an entry's cancellations, a cancellation's
 * original entry and any other cancellation of it) and through a correction (the row it corrects,
 * the row that superseded it), each a link that opens it here, the list's filters kept. An
 * accepted entry without any cancellation says so.
 */
export function LinkedRows({ detail }: { detail: JournalDetail }) {
  const view = parseJournalQuery(useHashQuery());
  const { row, links } = detail;
  const isEntry = row.kind === 'entry';
  const corrected = corrections(row);
  if (links.length === 0 && corrected.length === 0 && !(isEntry && row.state === 'accepted')) return null;
  const entry = links.filter((l) => l.kind === 'entry');
  const others = links.filter((l) => l.kind !== 'entry');
  const item = (link: Link, before = '') => (
    <li key={link.id}>
      {before}
      <a href={`#/journal?${journalQuery({ ...view, id: link.id })}`}>{linkWords(link)}</a>
    </li>
  );
  return (
    <section className="detail-section" aria-labelledby="detail-linked-title" data-testid="detail-linked">
      <h3 id="detail-linked-title">Linked</h3>
      {corrected.length > 0 && (
        <ul className="linked-rows">
          {corrected.map((c) => (
            <li key={c.testId}>
              <a href={`#/journal?${journalQuery({ ...view, id: c.id })}`} data-testid={c.testId}>
                {c.words}
              </a>
            </li>
          ))}
        </ul>
      )}
      {links.length === 0 ? (
        isEntry && row.state === 'accepted' && <p className="hint">No cancellation filed for this entry.</p>
      ) : (
        <ul className="linked-rows">
          {entry.map((l) => item(l))}
          {others.map((l) => item(l, isEntry ? '' : 'Also filed for the same entry: '))}
        </ul>
      )}
    </section>
  );
}
