import { useEffect, type ReactNode } from 'react';
import type { ProfileView } from '@shared/ipc/contract';
import { DATE_FORMATS, PROFILE_COLOURS } from '@shared/profile/schema';
import { COLOUR_NAMES } from '../../components/profile-band';
import { CancellationSection } from './cancellation-section';
import { FieldRulesTable } from './field-rules-table';
import { Setting } from '../../components/setting';
import { SaveStatusBanner } from './save-status-banner';
import { useProfileEditor } from './use-profile-editor';

interface ProfileEditorProps {
  view: ProfileView | undefined;
  onSaved: (name: string) => Promise<void>;
  /** Buttons acting on this profile as a whole (use, remove), shown in the card's heading. */
  actions?: ReactNode;
  /** Opened by "Add profile": focus starts in Name. */
  adding?: boolean;
}

/** Edits one profile's connection settings and rules (a new one when `view` is undefined). */
export function ProfileEditor({ view, onSaved, actions, adding }: ProfileEditorProps) {
  const { form, save, status, focusRefused } = useProfileEditor(view, onSaved);
  const { register, formState } = form;
  const builtIn = view?.builtIn ?? false;
  useEffect(() => {
    if (adding) form.setFocus('name');
    // Once, as the editor opens for a new profile.
  }, []);
  const err = (name: keyof typeof formState.errors) => formState.errors[name]?.message as string | undefined;

  return (
    <form className="profile-editor card" onSubmit={(e) => void save(e)} noValidate aria-label="Profile settings">
      <div className="card-head">
        <h2>{view ? `Profile ${view.profile.name}` : 'New profile'}</h2>
        {actions}
      </div>
      <div className="grid">
        <Setting id="p-name" label="Name" error={err('name')}>
          {(aria) => <input readOnly={builtIn} {...aria} {...register('name')} />}
        </Setting>
        <Setting
          id="p-baseUrl"
          label="Base URL"
          wide
          error={err('baseUrl')}
          hint={builtIn ? 'The built-in sandbox runs on this computer (127.0.0.1).' : undefined}
        >
          {(aria) => (
            <input readOnly={builtIn} placeholder="https://feed.example.com" {...aria} {...register('baseUrl')} />
          )}
        </Setting>
        {!builtIn && (
          <Setting id="p-colour" label="Colour band" hint="Shown across the top while this profile is in use.">
            {(aria) => (
              <select {...aria} {...register('colour')}>
                {PROFILE_COLOURS.map((c) => (
                  <option key={c} value={c}>
                    {COLOUR_NAMES[c]}
                  </option>
                ))}
              </select>
            )}
          </Setting>
        )}
        <Setting id="p-dateFormat" label="Date format on the wire">
          {(aria) => (
            <select {...aria} {...register('dateFormat')}>
              {DATE_FORMATS.map((f) => (
                <option key={f}>{f}</option>
              ))}
            </select>
          )}
        </Setting>
        <Setting id="p-blankMode" label="Blank optional fields">
          {(aria) => (
            <select {...aria} {...register('blankMode')}>
              <option value="send">Send as empty parts</option>
              <option value="omit">Leave out</option>
            </select>
          )}
        </Setting>
        <div className="field checkbox">
          <input id="p-postcodeCheck" type="checkbox" {...register('postcodeCheck')} />
          <label htmlFor="p-postcodeCheck">Check UK postcode format</label>
        </div>
        <Setting id="p-timeout" label="Request timeout (seconds)" error={err('requestTimeoutSec')}>
          {(aria) => (
            <input
              type="number"
              min={1}
              max={300}
              {...aria}
              {...register('requestTimeoutSec', { valueAsNumber: true })}
            />
          )}
        </Setting>
        <Setting id="p-concurrency" label="Parallel sends" error={err('concurrency')}>
          {(aria) => (
            <input type="number" min={1} max={32} {...aria} {...register('concurrency', { valueAsNumber: true })} />
          )}
        </Setting>
      </div>
      <CancellationSection form={form} />
      <details>
        <summary>Field rules (required, maximum length)</summary>
        <FieldRulesTable register={register} />
      </details>
      <div className="actions">
        <button type="submit" className="primary">
          Save profile
        </button>
        <SaveStatusBanner status={status} onFocus={focusRefused} />
      </div>
    </form>
  );
}
