import type { ProfileFormValues } from './profile-form';
import type { SaveStatus } from './use-profile-editor';

/** The outcome of saving a profile; a refusal names each field to correct, each a link to it. */
export function SaveStatusBanner(props: {
  status: SaveStatus | null;
  onFocus: (field: keyof ProfileFormValues) => void;
}) {
  const { status, onFocus } = props;
  if (!status) return null;
  if (status.ok) {
    return (
      <p role="status" className="banner success">
        {status.text}
      </p>
    );
  }
  return (
    <div role="alert" className="banner error">
      <p>{status.text}</p>
      {status.fields.length > 0 && (
        <ul>
          {status.fields.map((f) => (
            <li key={f.field}>
              <button type="button" className="link" onClick={() => onFocus(f.field)}>
                {f.label}: {f.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
