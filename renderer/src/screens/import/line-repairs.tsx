import { brokenFields, canMoveToAddress2, type LineRepair } from '@shared/import/repairs';
import type { ImportCheckView } from '@shared/ipc/contract';
import { fieldWords, plural } from './import-words';

/** The repair "join the lines with ', '", for some rows or every row. */
export const joinLines = (rows?: number[]): LineRepair => ({ kind: 'join', separator: ', ', ...(rows && { rows }) });
/** The repair "move the second line of Address line 1 to Address line 2", for some rows or every row. */
export const moveToAddress2 = (rows?: number[]): LineRepair => ({ kind: 'address2', ...(rows && { rows }) });

/** A chosen repair in words. */
function repairWords(repair: LineRepair): string {
  const where = repair.rows ? `row ${repair.rows.join(', ')}` : 'every row';
  return repair.kind === 'join'
    ? `lines joined with "${repair.separator}" (${where})`
    : `second line of Address line 1 moved to Address line 2 (${where})`;
}

interface LineRepairsProps {
  check: ImportCheckView;
  repairs: readonly LineRepair[];
  busy: boolean;
  onRepair(repair: LineRepair): void;
  onUndoRepairs(): void;
}

/**
 * Rows whose single-line fields hold line breaks (shown ⏎): the repairs a person may choose for
 * every such row; nothing is joined or moved unless chosen here (or for one row in its line).
 */
export function LineRepairs({ check, repairs, busy, onRepair, onUndoRepairs }: LineRepairsProps) {
  const broken = check.problems.filter((p) => brokenFields(p.input).length > 0);
  const fields = [...new Set(broken.flatMap((p) => brokenFields(p.input)))];
  const movable = broken.filter((p) => canMoveToAddress2(p.input)).length;
  if (broken.length === 0 && repairs.length === 0) return null;
  return (
    <div className="import-part" data-testid="import-line-breaks">
      {broken.length > 0 && (
        <>
          <h3 id="import-line-breaks-title">Line breaks ({broken.length.toLocaleString()})</h3>
          <p className="hint">
            {plural(broken.length, 'row holds', 'rows hold')} a line break (shown ⏎) in{' '}
            {fields.map(fieldWords).join(', ')}, which take one line. Choose a repair, or fix each row yourself.
          </p>
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => onRepair(joinLines())}>
              Join the lines with &quot;, &quot; in every row
            </button>
            {movable > 0 && (
              <button type="button" disabled={busy} onClick={() => onRepair(moveToAddress2())}>
                Move the second line to Address line 2 where it is empty ({movable.toLocaleString()})
              </button>
            )}
          </div>
        </>
      )}
      {repairs.length > 0 && (
        <p className="hint" data-testid="import-repairs">
          Repairs chosen: {repairs.map(repairWords).join('; ')}.{' '}
          <button type="button" className="link" disabled={busy} onClick={onUndoRepairs}>
            Undo repairs
          </button>
        </p>
      )}
    </div>
  );
}
