import { useEffect, type KeyboardEvent } from 'react';

/**
 * The keying shortcuts: Ctrl+Enter submits from anywhere in the form, Enter in a field never
 * does, Alt+N starts a new entry and Alt+K one keeping the account and order details. While a
 * question is open (`blocked`), the page behind it takes no shortcut. Returns the form's key handler.
 */
export function useEntryKeys(submit: () => void, requestNew: (keep: boolean) => void, blocked: boolean) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const keep = event.code === 'KeyK' || event.key.toLowerCase() === 'k';
      if (!keep && event.code !== 'KeyN' && event.key.toLowerCase() !== 'n') return;
      event.preventDefault();
      if (!blocked) requestNew(keep);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [requestNew, blocked]);

  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.altKey) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      submit();
    } else if (event.target instanceof HTMLInputElement) {
      // A browser submits a form on Enter in a text field; a clerk's Enter must not send a half entry.
      event.preventDefault();
    }
  };
}
