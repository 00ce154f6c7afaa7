import { useMemo } from 'react';
import { navigate, useHashQuery } from '../../use-hash-route';

/** The summary's date range, both ends YYYY-MM-DD and included. */
export interface SummaryRange {
  from: string;
  to: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today on this computer's calendar, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}

/** Reads the query of `#/summary?from=…&to=…`; a missing or malformed end is today. */
export function parseSummaryQuery(query: string): SummaryRange {
  const params = new URLSearchParams(query);
  const pick = (name: string) => {
    const value = params.get(name) ?? '';
    return isIsoDay(value) ? value : today();
  };
  return { from: pick('from'), to: pick('to') };
}

/** The query of the summary's route for a range. */
export function summaryQuery(range: SummaryRange): string {
  return `from=${range.from}&to=${range.to}`;
}

/** Shows the summary of another range (a new history entry, so Back returns to the previous one). */
export function showRange(range: SummaryRange): void {
  navigate('summary', summaryQuery(range));
}

/** The range in the location hash, followed as it changes (the form, links, back and forward). */
export function useSummaryRange(): SummaryRange {
  const query = useHashQuery();
  return useMemo(() => parseSummaryQuery(query), [query]);
}
