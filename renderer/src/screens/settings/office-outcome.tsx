/** What the last action said: a success (status) or a refusal (alert), in main's plain words. */
export interface Said {
  ok: boolean;
  text: string;
}

/** The outcome of an administration action: a status line, or an alert for a refusal. */
export function Outcome({ said, testId }: { said: Said | null; testId: string }) {
  return (
    <>
      <p role="status" data-testid={`${testId}-status`} className={said?.ok ? 'banner success' : undefined}>
        {said?.ok ? said.text : ''}
      </p>
      {said && !said.ok && (
        <p role="alert" data-testid={`${testId}-error`} className="banner error">
          {said.text}
        </p>
      )}
    </>
  );
}
