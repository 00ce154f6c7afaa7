import { useEffect } from 'react';
import type { ActionKey, DetailAction } from './detail-actions';

/**
 * The detail view's keys: Escape closes it, Alt+Shift+letter runs an offered action. While a
 * question is open (`blocked`) the dialog has the keys: its Escape closes the question, not the panel.
 */
export function useDetailKeys(
  actions: readonly DetailAction[],
  blocked: boolean,
  onAction: (key: ActionKey) => void,
  onClose: () => void,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (blocked || event.defaultPrevented || event.ctrlKey || event.metaKey) return;
      // Another screen part's modal question (the list's) has the keys too.
      if (document.querySelector('dialog[open]')) return;
      if (event.key === 'Escape' && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        onClose();
        return;
      }
      if (!event.altKey || !event.shiftKey) return;
      const action = actions.find((a) => a.code === event.code);
      if (!action) return;
      event.preventDefault();
      onAction(action.key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, blocked, onAction, onClose]);
}
