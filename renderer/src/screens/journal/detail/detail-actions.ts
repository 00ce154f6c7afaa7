import type { JournalDetail } from '@shared/ipc/contract';
import type { JournalState } from '@shared/journal/types';

/** What a person can do from the detail view. */
export type ActionKey = 'resend' | 'accept' | 'discard' | 'review' | 'open' | 'cancel';

/** The actions that go to another screen at once, without a question. */
export type GoKey = 'open' | 'cancel';

/** One action of the detail view: its button, its shortcut, and the rows it applies to. */
export interface DetailAction {
  key: ActionKey;
  label: string;
  /** As shown in the tooltip and aria-keyshortcuts. */
  shortcut: string;
  /** The KeyboardEvent.code that, with Alt+Shift, runs it. */
  code: string;
  /** The states it is offered in; every state when absent. */
  states?: readonly JournalState[];
  /** Offered for entries only (a cancellation has no New entry form). */
  entryOnly?: boolean;
}

/**
 * The detail view's actions, Alt+Shift shortcuts so they never clash with the list's Alt+letter
 * keys or New entry's Alt+N/Alt+K. The states follow what the journal allows for each change.
 */
export const DETAIL_ACTIONS: readonly DetailAction[] = [
  // A superseded row too: resending it asks first, naming the accepted row it would repeat.
  {
    key: 'resend',
    label: 'Resend',
    shortcut: 'Alt+Shift+R',
    code: 'KeyR',
    states: ['unknown', 'failed', 'rejected', 'superseded'],
  },
  { key: 'accept', label: 'Mark accepted…', shortcut: 'Alt+Shift+A', code: 'KeyA', states: ['unknown', 'failed'] },
  {
    key: 'discard',
    label: 'Discard…',
    shortcut: 'Alt+Shift+D',
    code: 'KeyD',
    states: ['unknown', 'failed', 'rejected', 'queued'],
  },
  { key: 'review', label: 'Mark reviewed…', shortcut: 'Alt+Shift+V', code: 'KeyV' },
  // Only what the service does not hold: an unknown may be stored already, so it is resolved first.
  {
    key: 'open',
    label: 'Open as new entry',
    shortcut: 'Alt+Shift+O',
    code: 'KeyO',
    states: ['rejected', 'failed'],
    entryOnly: true,
  },
  // Everyone may file one (clerks included): it goes through the journal like any submission.
  {
    key: 'cancel',
    label: 'File cancellation',
    shortcut: 'Alt+Shift+C',
    code: 'KeyC',
    states: ['accepted'],
    entryOnly: true,
  },
];

/** The decisions only a supervisor may take in an office journal (its database refuses them to a clerk). */
const SUPERVISOR_ONLY: ReadonlySet<ActionKey> = new Set(['resend', 'accept', 'discard', 'review']);

/** The actions offered for a row in its current state, to the signed-in role (a clerk sees no supervisor action). */
export function actionsFor(row: JournalDetail['row'], role: string | undefined): DetailAction[] {
  return DETAIL_ACTIONS.filter(
    (a) =>
      (!a.states || a.states.includes(row.state)) &&
      (!a.entryOnly || row.kind === 'entry') &&
      !(role === 'clerk' && SUPERVISOR_ONLY.has(a.key)),
  );
}

/** The words of an action's question for one row: title, what it does, and the confirming button. */
export function questionFor(key: Exclude<ActionKey, GoKey>, row: JournalDetail['row']) {
  const n = `journal #${row.id}`;
  switch (key) {
    case 'resend':
      return {
        title: `Resend ${n}?`,
        text:
          row.state === 'unknown'
            ? 'If the service already stored this entry, it will then hold it twice. Resend only after checking that it does not.'
            : row.state === 'rejected'
              ? 'The service refused this entry; it is sent again unchanged. To correct it first, use Open as new entry instead.'
              : row.state === 'superseded'
                ? 'A later entry with the same policy number was accepted instead; this one is sent again unchanged.'
                : 'The entry is queued and sent again now.',
        confirm: 'Resend',
        danger: row.state === 'unknown',
      };
    case 'accept':
      return {
        title: `Mark ${n} accepted`,
        text: 'Record the recordid the service gave this entry, once you have checked that the service holds it.',
        confirm: 'Mark accepted',
        danger: false,
      };
    case 'discard':
      return {
        title: `Discard ${n}?`,
        text: 'It will not be sent. It stays in the journal, marked discarded, with your name.',
        confirm: 'Discard',
        danger: true,
      };
    case 'review':
      return {
        title: `Mark ${n} reviewed`,
        text: 'Records you as its reviewer, now, with your note.',
        confirm: 'Mark reviewed',
        danger: false,
      };
  }
}
