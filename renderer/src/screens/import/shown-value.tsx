import { showInvisible } from '@shared/import/repairs';

/**
 * A value exactly as held, its invisible characters made visible: a line break as ⏎, a tab as ⇥,
 * others by their code, each named for screen readers. Nothing is dropped or joined.
 */
export function ShownValue({ value }: { value: string }) {
  return (
    <>
      {showInvisible(value).map((part, i) =>
        part.invisible ? (
          <span key={i} className="invisible-mark" role="img" aria-label={part.invisible} title={part.invisible}>
            {part.text}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
