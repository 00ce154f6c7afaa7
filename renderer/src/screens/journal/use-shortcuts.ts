import { useEffect } from 'react';

/** True while a modal question is open: the page behind it takes no shortcut. */
const questionOpen = () => document.querySelector('dialog[open]') !== null;

/**
 * Alt+letter shortcuts on the whole window while the calling screen is shown, e.g.
 * `{ r: markReviewed }` for Alt+R. Matched by physical key too, so a layout or an Alt character
 * (macOS) still works. Ignored while a modal question is open.
 */
export function useAltShortcuts(keys: Record<string, () => void>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || questionOpen()) return;
      const letter = /^Key[A-Z]$/.test(event.code) ? event.code.slice(3).toLowerCase() : event.key.toLowerCase();
      const action = keys[letter];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}

/** Whether a key press is typing into a field (where a plain "/" is just a character). */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}
