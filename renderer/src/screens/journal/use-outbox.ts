import { useState } from 'react';
import { calls } from './actions';
import { useLive } from '../../journal-feed/use-live';

const loadStatus = () => calls.outbox.status({});

/** Sending control per profile: which are paused, pause/resume, send now, and what happened last. */
export function useOutbox() {
  const status = useLive(loadStatus);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const paused = status.data?.paused ?? [];

  const setPaused = async (profile: string, on: boolean) => {
    const result = await calls.outbox.pause({ profile, paused: on });
    if (!result.ok) return setNote({ text: result.error.message, error: true });
    status.reload();
    setNote({ text: on ? `Sending paused for ${profile}.` : `Sending resumed for ${profile}.`, error: false });
  };

  const sendNow = async (profile: string) => {
    const result = await calls.outbox.sendNow({ profile });
    if (!result.ok) return setNote({ text: result.error.message, error: true });
    const { due } = result.data;
    const what = due === 1 ? '1 failed entry' : `${due} failed entries`;
    setNote({
      text: due
        ? `${what} of ${profile} will be sent now.`
        : `No failed entries of ${profile} were waiting for a retry.`,
      error: false,
    });
  };

  return { paused, note, error: status.error, setPaused, sendNow };
}

/** What useOutbox returns. */
export type OutboxControl = ReturnType<typeof useOutbox>;
