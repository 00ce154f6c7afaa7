import type { OutboxControl } from './use-outbox';

interface OutboxStripProps {
  /** The profiles with a bar, the shortcuts' target first. */
  profiles: readonly string[];
  /** The profile Alt+P and Alt+S act on (the filtered one, else the one in use): its bar names it and shows the keys. */
  target: string | null;
  outbox: OutboxControl;
  /** An office clerk: pausing and "send now" are a supervisor's (the database refuses a clerk), so no buttons. */
  clerk: boolean;
}

/**
 * Sending control, one bar per profile that matters here: the filtered profile, else the profile
 * in use and each other profile with queued or failed rows in view or paused. Only the target's
 * bar carries the shortcuts (Alt+P pause/resume, Alt+S send now), so a key never acts on a
 * profile its bar does not name.
 */
export function OutboxStrip({ profiles, target, outbox, clerk }: OutboxStripProps) {
  if (profiles.length === 0 && !outbox.note && !outbox.error) return null;
  return (
    <section className="outbox" aria-label="Sending">
      {profiles.map((profile) => {
        const paused = outbox.paused.includes(profile);
        const keyed = profile === target && !clerk;
        const pauseKeys = keyed ? 'Alt+P' : undefined;
        const sendKeys = keyed ? 'Alt+S' : undefined;
        return (
          <div
            key={profile}
            className="outbox-profile"
            role="group"
            aria-label={`Sending for ${profile}`}
            data-testid={`outbox-${profile}`}
          >
            <span>
              <strong>{profile}</strong>: {paused ? 'sending paused' : 'sending'}
            </span>
            {clerk ? (
              <span className="hint">Only a supervisor pauses sending or sends now.</span>
            ) : (
              <>
                <button
                  type="button"
                  onClick={() => void outbox.setPaused(profile, !paused)}
                  aria-keyshortcuts={pauseKeys}
                  title={`${paused ? 'Resume' : 'Pause'} sending for ${profile}${pauseKeys ? ` (${pauseKeys})` : ''}`}
                >
                  {paused ? 'Resume sending' : 'Pause sending'}
                  {pauseKeys && <kbd>{pauseKeys}</kbd>}
                </button>
                <button
                  type="button"
                  onClick={() => void outbox.sendNow(profile)}
                  aria-keyshortcuts={sendKeys}
                  title={`Send ${profile}'s waiting entries now${sendKeys ? ` (${sendKeys})` : ''}`}
                >
                  Send now
                  {sendKeys && <kbd>{sendKeys}</kbd>}
                </button>
              </>
            )}
          </div>
        );
      })}
      <p role="status" className={outbox.note?.error || outbox.error ? 'field-error' : 'hint'}>
        {outbox.note?.text ?? outbox.error ?? ''}
      </p>
    </section>
  );
}
