import { useState, type KeyboardEvent } from 'react';
import { findOptions, type ComboOption } from './find-options';

export type { ComboOption } from './find-options';

/**
 * The state and keys of an editable combobox with a list popup (WAI-ARIA 1.2): typing finds
 * options, Up and Down move through them, and only Enter, Tab or a click chooses; Escape puts
 * back the value and closes the list. Nothing is chosen on the way.
 */
export function useCombobox<T extends string>(
  options: readonly ComboOption<T>[],
  value: T,
  onChoose: (value: T) => void,
) {
  const [open, setOpen] = useState(false);
  /** What the person typed since the list opened; null while they have typed nothing. */
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const { found } = findOptions(options, typed ?? '');
  const shown = options.find((o) => o.value === value)?.label ?? '';

  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
  };
  const show = () => {
    if (open) return;
    setOpen(true);
    setActive(options.findIndex((o) => o.value === value));
  };
  const choose = (option: ComboOption<T> | undefined) => {
    close();
    if (option && option.value !== value) onChoose(option.value);
  };
  const type = (text: string) => {
    setTyped(text);
    setOpen(true);
    setActive(findOptions(options, text).first);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      if (!open) return show();
      if (found.length > 0) setActive(Math.min(found.length - 1, Math.max(0, active + step)));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(found[active]);
    } else if (event.key === 'Tab' && open) {
      choose(found[active]);
    } else if (event.key === 'Escape' && (open || typed !== null)) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };
  return {
    open,
    found,
    active,
    /** The text in the box: what was typed, else the chosen option's label. */
    text: typed ?? shown,
    show,
    close,
    choose,
    type,
    onKeyDown,
  };
}
