import { useRef, useState, type KeyboardEvent } from 'react';
import { JOURNAL_STATES, type JournalState } from '@shared/journal/states';
import { STATE_LABELS } from './detail/format';

/** Keys that move among the boxes, and which way. */
const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The state filter: one box per state; none ticked means every state. One Tab stop (a roving tab
 * index): the arrows move among the boxes, Space ticks one.
 */
export function StateFilter({
  states,
  onChange,
}: {
  states: readonly JournalState[];
  onChange(states: JournalState[] | undefined): void;
}) {
  const [current, setCurrent] = useState(0);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const toggle = (state: JournalState, on: boolean) => {
    const next = JOURNAL_STATES.filter((s) => (s === state ? on : states.includes(s)));
    onChange(next.length ? next : undefined);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const step = STEP[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const count = JOURNAL_STATES.length;
    boxes.current[(current + step + count) % count]?.focus();
  };
  return (
    <fieldset className="filter states" onKeyDown={onKeyDown}>
      <legend>State</legend>
      {JOURNAL_STATES.map((state, i) => (
        <label key={state} className="state-option">
          <input
            ref={(box) => {
              boxes.current[i] = box;
            }}
            type="checkbox"
            tabIndex={i === current ? 0 : -1}
            checked={states.includes(state)}
            onFocus={() => setCurrent(i)}
            onChange={(event) => toggle(state, event.target.checked)}
          />
          {STATE_LABELS[state]}
        </label>
      ))}
    </fieldset>
  );
}
