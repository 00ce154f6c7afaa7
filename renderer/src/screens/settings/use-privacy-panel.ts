import { useState } from 'react';
import type { PersonRow, RetentionView } from '@shared/ipc/contract';
import { calls } from './actions';
import { useRead } from '../../journal-feed/use-live';

const loadRule = () => calls.privacy.retention({});

/** What the last action said: a plain sentence, and whether it went wrong. */
export interface PrivacyMessage {
  text: string;
  error: boolean;
}

/**
 * Settings' customer-data card: the journal's retention rule (changed by those who may), and for
 * them a person's data — found by e-mail or by surname with postcode, exported, erased with a reason.
 */
export function usePrivacyPanel() {
  const read = useRead(loadRule);
  /** The rule as last saved here; until then, as read. */
  const [saved, setRule] = useState<RetentionView | null>(null);
  const rule = saved ?? read.data;
  const [saidOfRule, setRuleMessage] = useState<PrivacyMessage | null>(null);
  const ruleMessage = saidOfRule ?? (read.error ? { text: read.error, error: true } : null);
  const [rows, setRows] = useState<PersonRow[] | null>(null);
  const [message, setMessage] = useState<PrivacyMessage | null>(null);
  const [searched, setSearched] = useState<{ email: string } | { surname: string; postcode: string } | null>(null);

  async function saveRule(days: number | null) {
    const result = await calls.privacy.setRetention({ days });
    if (!result.ok) return setRuleMessage({ text: result.error.message, error: true });
    setRule(result.data);
    setRuleMessage({
      text:
        days === null
          ? 'Saved: personal details are kept.'
          : `Saved: personal details of settled entries are removed ${days} days after they were keyed.`,
      error: false,
    });
  }

  async function purgeNow() {
    const result = await calls.privacy.purge({});
    setRuleMessage(
      result.ok
        ? { text: `Removed the personal details of ${result.data.removed} settled entries.`, error: false }
        : { text: result.error.message, error: true },
    );
  }

  async function find(person: { email: string } | { surname: string; postcode: string }) {
    const result = await calls.privacy.find(person);
    if (!result.ok) {
      setRows(null);
      return setMessage({ text: result.error.message, error: true });
    }
    setSearched(person);
    setRows(result.data.rows);
    setMessage({
      text: result.data.rows.length
        ? `${result.data.rows.length} ${result.data.rows.length === 1 ? 'entry' : 'entries'} found.`
        : 'No entry about this person in the journal.',
      error: false,
    });
  }

  async function exportRows(format: 'csv' | 'json') {
    if (!rows?.length) return;
    const result = await calls.privacy.export({ ids: rows.map((r) => r.id), format });
    if (!result.ok) return setMessage({ text: result.error.message, error: true });
    setMessage({
      text: result.data.path
        ? `Saved ${result.data.rows === 1 ? '1 entry' : `${result.data.rows} entries`} to ${result.data.path}. The file holds personal data.`
        : 'Not saved: no file was chosen.',
      error: false,
    });
  }

  async function erase(reason: string) {
    if (!rows?.length) return;
    const result = await calls.privacy.erase({ ids: rows.map((r) => r.id), reason });
    if (!result.ok) return setMessage({ text: result.error.message, error: true });
    const erased = result.data.erased;
    if (searched) await find(searched);
    setMessage({
      text: `Erased the personal details of ${erased} ${erased === 1 ? 'entry' : 'entries'}.`,
      error: false,
    });
  }

  return { rule, ruleMessage, saveRule, purgeNow, rows, message, find, exportRows, erase };
}
