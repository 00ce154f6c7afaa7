import { useEffect, useRef } from 'react';
import { useCombobox, type ComboOption } from './use-combobox';

interface ComboboxProps<T extends string> {
  id: string;
  label: string;
  describedBy?: string;
  options: readonly ComboOption<T>[];
  value: T;
  /** Called once a choice is made (Enter, Tab or a click), never while looking through the list. */
  onChoose(value: T): void;
  /** Said in the list when the typed text finds nothing. */
  noMatch: string;
}

/**
 * An editable combobox with a list popup (WAI-ARIA 1.2): focus stays in the box, the option
 * looked at is its aria-activedescendant, and the list opens below the box in the page's flow, so
 * nothing clips it in a scrolling table or at a large zoom.
 */
export function Combobox<T extends string>({
  id,
  label,
  describedBy,
  options,
  value,
  onChoose,
  noMatch,
}: ComboboxProps<T>) {
  const box = useCombobox(options, value, onChoose);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const input = useRef<HTMLInputElement>(null);
  // Closed with focus in the box (Escape, a choice), its text is selected: typing starts afresh.
  useEffect(() => {
    if (!box.open && document.activeElement === input.current) input.current?.select();
  }, [box.open, box.text]);
  useEffect(() => {
    if (box.open && box.active >= 0)
      document.getElementById(optionId(box.active))?.scrollIntoView({ block: 'nearest' });
  });
  return (
    <div className={box.open ? 'combobox open' : 'combobox'}>
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-label={label}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-expanded={box.open}
        aria-controls={listId}
        aria-activedescendant={box.open && box.active >= 0 ? optionId(box.active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={box.text}
        onChange={(event) => box.type(event.target.value)}
        onKeyDown={box.onKeyDown}
        onFocus={(event) => event.target.select()}
        onClick={box.show}
        onBlur={box.close}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!box.open}
        // A press in the list keeps focus in the box; the click then chooses.
        onMouseDown={(event) => event.preventDefault()}
      >
        {box.found.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === box.active}
            className={option.value === value ? 'current' : undefined}
            onClick={() => box.choose(option)}
          >
            {option.label}
            {option.note && <span className="hint"> ({option.note})</span>}
          </li>
        ))}
        {box.found.length === 0 && (
          <li role="option" aria-selected={false} aria-disabled="true" className="hint">
            {noMatch}
          </li>
        )}
      </ul>
    </div>
  );
}
