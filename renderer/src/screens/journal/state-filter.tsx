import { JOURNAL_STATES, type JournalState } from '../../../../shared/journal/types';
import { STATE_LABELS } from './detail/format';

/** The state filter: one box per state; none ticked means every state. */
export function StateFilter({
  states,
  onChange,
}: {
  states: readonly JournalState[];
  onChange(states: JournalState[] | undefined): void;
}) {
  const toggle = (state: JournalState, on: boolean) => {
    const next = JOURNAL_STATES.filter((s) => (s === state ? on : states.includes(s)));
    onChange(next.length ? next : undefined);
  };
  return (
    <fieldset className="filter states">
      <legend>State</legend>
      {JOURNAL_STATES.map((state) => (
        <label key={state} className="state-option">
          <input
            type="checkbox"
            checked={states.includes(state)}
            onChange={(event) => toggle(state, event.target.checked)}
          />
          {STATE_LABELS[state]}
        </label>
      ))}
    </fieldset>
  );
}
