import { useEffect, type KeyboardEvent } from 'react';

/** True while a modal question is open: the page behind it takes no shortcut. */
const questionOpen = () => document.querySelector('dialog[open]') !== null;

/**
 * The screen's keys: Ctrl+Enter submits from anywhere on it, Enter in a one-line field never
 * does, Alt+C (the screen's own shortcut, pressed on it) starts a new cancellation. Returns the
 * key handler for the screen's content.
 */
export function useCancellationKeys(submit: () => void, requestNew: () => void) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.code !== 'KeyC' && event.key.toLowerCase() !== 'c') return;
      event.preventDefault();
      if (!questionOpen()) requestNew();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [requestNew]);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.altKey || event.defaultPrevented || questionOpen()) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      submit();
    } else if (event.target instanceof HTMLInputElement) {
      // A browser submits a form on Enter in a text field; a half-filled request must not go.
      event.preventDefault();
    }
  };
}
