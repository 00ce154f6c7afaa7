import { expect, it } from 'vitest';
import { checkIsoDate } from '@shared/entry/normalise';
import { journalFilterSchema } from '@shared/journal/types';

// The Journal's hash is parsed without zod (journal-view.ts checks its dates with checkIsoDate):
// a date it keeps is one main's filter schema takes, so a link never makes the list fail.
it("keeps in the Journal's hash only the dates main's filter takes", () => {
  const dates = ['2026-11-29', '2024-02-29', '2023-02-29', '2026-13-01', '2026-1-1', '26-11-29', '1850-01-01', ''];
  const kept = dates.filter((d) => checkIsoDate(d).ok);
  expect(kept).toEqual(['2026-11-29', '2024-02-29']);
  for (const date of kept) expect(journalFilterSchema.shape.from.safeParse(date).success).toBe(true);
});
