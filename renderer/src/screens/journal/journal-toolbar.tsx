import { useJournalLocation } from '../../use-journal-location';
import { WithoutPersonal } from '../../components/without-personal';

/** A short outcome shown under the actions (announced politely). */
export interface Notice {
  text: string;
  error: boolean;
}

interface ToolbarProps {
  /** How many rows "Mark reviewed" acts on: the selection, else the active row. */
  targets: number;
  /** `exportBatch` is there while the list shows one bulk import's rows. */
  actions: { review(): void; exportCsv(): void; summary(): void; exportBatch?: () => void };
  notice: Notice | null;
  /** Whether the exports leave out the customers' personal fields. */
  withoutPersonal: boolean;
  onWithoutPersonal(checked: boolean): void;
}

/** The list's actions, each with its shortcut in the tooltip and on the button. */
export function JournalToolbar({ targets, actions, notice, withoutPersonal, onWithoutPersonal }: ToolbarProps) {
  // A clerk of an office journal may not mark reviewed (the database refuses it too).
  const clerk = useJournalLocation().location?.role === 'clerk';
  return (
    <div className="journal-toolbar">
      <div className="actions" role="group" aria-label="Journal actions">
        {!clerk && (
          <button
            type="button"
            onClick={actions.review}
            disabled={targets === 0}
            aria-keyshortcuts="Alt+R"
            title="Mark the selected entries (or the active one) reviewed, with an optional note (Alt+R)"
          >
            Mark reviewed…{targets > 1 && ` (${targets.toLocaleString()})`} <kbd>Alt+R</kbd>
          </button>
        )}
        <button
          type="button"
          onClick={actions.exportCsv}
          aria-keyshortcuts="Alt+E"
          title="Save the filtered entries as a CSV file (Alt+E)"
        >
          Export… <kbd>Alt+E</kbd>
        </button>
        {actions.exportBatch && (
          <button
            type="button"
            onClick={actions.exportBatch}
            title="Save this batch's results (file row, state, recordid, message) as a workbook or CSV"
          >
            Export batch results…
          </button>
        )}
        <WithoutPersonal id="journal-without-personal" checked={withoutPersonal} onChange={onWithoutPersonal} />
        <button
          type="button"
          onClick={actions.summary}
          title="Counts and problems for the filter's dates, printable (Alt+D)"
          aria-keyshortcuts="Alt+D"
        >
          Daily summary <kbd>Alt+D</kbd>
        </button>
      </div>
      <p role="status" className={notice?.error ? 'field-error' : 'notice'}>
        {notice?.text ?? ''}
      </p>
    </div>
  );
}
