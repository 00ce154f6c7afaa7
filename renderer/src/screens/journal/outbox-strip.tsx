import type { OutboxControl } from './use-outbox';

/**
 * Sending control for the profiles that matter here: the filtered profile, or each profile with
 * queued or failed rows in view, and any paused one. The first profile's buttons carry the
 * shortcuts (Alt+P pause/resume, Alt+S send now).
 */
export function OutboxStrip({ profiles, outbox }: { profiles: readonly string[]; outbox: OutboxControl }) {
  if (profiles.length === 0 && !outbox.note && !outbox.error) return null;
  return (
    <section className="outbox" aria-label="Sending">
      {profiles.map((profile, i) => {
        const paused = outbox.paused.includes(profile);
        const pauseKeys = i === 0 ? 'Alt+P' : undefined;
        const sendKeys = i === 0 ? 'Alt+S' : undefined;
        return (
          <div key={profile} className="outbox-profile" role="group" aria-label={`Sending for ${profile}`}>
            <span>
              <strong>{profile}</strong>: {paused ? 'sending paused' : 'sending'}
            </span>
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
          </div>
        );
      })}
      <p role="status" className={outbox.note?.error || outbox.error ? 'field-error' : 'hint'}>
        {outbox.note?.text ?? outbox.error ?? ''}
      </p>
    </section>
  );
}
