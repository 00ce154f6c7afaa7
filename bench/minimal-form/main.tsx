// The cheapest page the renderer's stack allows, for bench:renderer: React 19 and react-hook-form
// rendering the entry's 26 labelled fields with the first focused, and nothing else.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { ENTRY_FIELDS, FIELD_LABELS } from '@shared/entry/fields';

function MinimalForm() {
  const { register } = useForm();
  return (
    <form>
      {ENTRY_FIELDS.map((field, i) => (
        <p key={field}>
          <label htmlFor={`field-${field}`}>{FIELD_LABELS[field]}</label>
          <input id={`field-${field}`} autoFocus={i === 0} {...register(field)} />
        </p>
      ))}
    </form>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MinimalForm />
  </StrictMode>,
);
