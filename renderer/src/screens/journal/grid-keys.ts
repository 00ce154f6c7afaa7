import type { KeyboardEvent } from 'react';

/** What the list's keys do, given where the active row is. */
export interface GridKeyActions {
  active: number;
  total: number;
  /** Rows that fit in the list's view, for PageUp and PageDown. */
  pageSize(): number;
  move(index: number): void;
  /** Shift+↑/↓: the active row moves to `index`, the selection grows (or shrinks back) with it. */
  extend(from: number, to: number): void;
  open(): void;
  toggle(): void;
  escape(): void;
}

/**
 * The list's keys, on the grid itself (not on a header button inside it): arrows, PageUp/Down,
 * Home/End (also with Ctrl) move the active row, Shift+↑/↓ extends the selection, Enter opens
 * the active row (focus into its detail), Space toggles its selection, Escape closes the detail.
 */
export function gridKeyHandler(actions: GridKeyActions) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.metaKey) return;
    const { active, total } = actions;
    const last = total - 1;
    const steps: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + actions.pageSize(),
      PageUp: active - actions.pageSize(),
      Home: 0,
      End: last,
    };
    const to = steps[event.key];
    if (to !== undefined) {
      if (event.ctrlKey && event.key !== 'Home' && event.key !== 'End') return;
      const extending = event.shiftKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp');
      if (event.shiftKey && !extending) return;
      event.preventDefault();
      const next = Math.max(0, Math.min(last, to));
      if (total > 0 && extending) actions.extend(active, next);
      else if (total > 0) actions.move(next);
      return;
    }
    if (event.ctrlKey || event.shiftKey) return;
    if (event.key === 'Enter') actions.open();
    else if (event.key === ' ') actions.toggle();
    else if (event.key === 'Escape') actions.escape();
    else return;
    event.preventDefault();
  };
}
