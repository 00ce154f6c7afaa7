import type { ProfileView } from '../../../../shared/ipc/contract';
import { DATE_FORMATS } from '../../../../shared/profile/schema';
import { FieldRulesTable } from './field-rules-table';
import { useProfileEditor } from './use-profile-editor';

interface ProfileEditorProps {
  view: ProfileView | undefined;
  onSaved: (name: string) => Promise<void>;
}

/** Edits one profile's connection settings and rules (a new one when `view` is undefined). */
export function ProfileEditor({ view, onSaved }: ProfileEditorProps) {
  const { form, save, status } = useProfileEditor(view, onSaved);
  const { register, formState } = form;
  const builtIn = view?.builtIn ?? false;
  const err = (name: keyof typeof formState.errors) => formState.errors[name]?.message as string | undefined;
  const described = (name: string, message: string | undefined) =>
    message ? { 'aria-invalid': true, 'aria-describedby': `p-${name}-error` } : {};

  return (
    <form className="profile-editor" onSubmit={(e) => void save(e)} noValidate aria-label="Profile settings">
      <h2>{view ? `Profile ${view.profile.name}` : 'New profile'}</h2>
      <div className="grid">
        <div className="field">
          <label htmlFor="p-name">Name</label>
          <input id="p-name" readOnly={builtIn} {...described('name', err('name'))} {...register('name')} />
          {err('name') && (
            <p className="field-error" id="p-name-error">
              {err('name')}
            </p>
          )}
        </div>
        <div className="field wide">
          <label htmlFor="p-baseUrl">Base URL</label>
          <input
            id="p-baseUrl"
            readOnly={builtIn}
            placeholder="https://feed.example.com"
            {...described('baseUrl', err('baseUrl'))}
            {...register('baseUrl')}
          />
          {builtIn && <p className="hint">The built-in sandbox runs on this computer (127.0.0.1).</p>}
          {err('baseUrl') && (
            <p className="field-error" id="p-baseUrl-error">
              {err('baseUrl')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="p-dateFormat">Date format on the wire</label>
          <select id="p-dateFormat" {...register('dateFormat')}>
            {DATE_FORMATS.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="p-blankMode">Blank optional fields</label>
          <select id="p-blankMode" {...register('blankMode')}>
            <option value="send">Send as empty parts</option>
            <option value="omit">Leave out</option>
          </select>
        </div>
        <div className="field checkbox">
          <input id="p-postcodeCheck" type="checkbox" {...register('postcodeCheck')} />
          <label htmlFor="p-postcodeCheck">Check UK postcode format</label>
        </div>
        <div className="field">
          <label htmlFor="p-timeout">Request timeout (seconds)</label>
          <input
            id="p-timeout"
            type="number"
            min={1}
            max={300}
            {...register('requestTimeoutSec', { valueAsNumber: true })}
          />
          {err('requestTimeoutSec') && <p className="field-error">{err('requestTimeoutSec')}</p>}
        </div>
        <div className="field">
          <label htmlFor="p-concurrency">Parallel sends</label>
          <input
            id="p-concurrency"
            type="number"
            min={1}
            max={32}
            {...register('concurrency', { valueAsNumber: true })}
          />
          {err('concurrency') && <p className="field-error">{err('concurrency')}</p>}
        </div>
        <div className="field wide">
          <label htmlFor="p-cancel">Cancellation path</label>
          <input id="p-cancel" placeholder="/v1/feed/…" {...register('cancellationPath')} />
          <p className="hint">Until a path is set, cancellations can be written and queued but not sent.</p>
          {err('cancellationPath') && <p className="field-error">{err('cancellationPath')}</p>}
        </div>
      </div>
      <details>
        <summary>Field rules (required, maximum length)</summary>
        <FieldRulesTable register={register} />
      </details>
      <div className="actions">
        <button type="submit" className="primary">
          Save profile
        </button>
      </div>
      {status && (
        <p role="status" className={status.ok ? 'banner success' : 'banner error'}>
          {status.text}
        </p>
      )}
    </form>
  );
}
