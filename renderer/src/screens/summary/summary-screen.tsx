import { useEffect, useState } from 'react';
import { calls } from './actions';
import { RangeForm } from './range-form';
import { SummaryPage } from './summary-page';
import { summaryTitle } from './summary-format';
import { useReport } from './use-report';
import { useSummaryRange } from './summary-route';
import { ScreenTitle } from '../../components/screen-title';
import { WithoutPersonal } from '../../components/without-personal';
import './summary.css';

type Saved = { ok: boolean; message: string } | null;

/**
 * The daily summary (`#/summary?from=…&to=…`): the range and Save as PDF above a printable page
 * of counts and of the rows that need a person. Printing hides the app bar and these controls.
 * "Without personal details" hides the customers' surnames, on the page and in the PDF.
 */
export function SummaryScreen() {
  const range = useSummaryRange();
  const { report, error } = useReport(range);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Saved>(null);
  const [withoutPersonal, setWithoutPersonal] = useState(false);

  const savePdf = async () => {
    setSaving(true);
    setSaved(null);
    const result = await calls.journal.savePdf({ ...range, personal: !withoutPersonal });
    setSaving(false);
    if (!result.ok) return setSaved({ ok: false, message: result.error.message });
    setSaved({
      ok: true,
      message: result.data.path ? `Saved to ${result.data.path}` : 'Not saved: no file was chosen.',
    });
  };

  // Like the other screens, the keyboard starts in the first control: the range's From.
  useEffect(() => document.getElementById('summary-from')?.focus(), []);

  return (
    <div className="summary">
      <ScreenTitle>{summaryTitle(range.from, range.to)}</ScreenTitle>
      <h1 id="summary-title" className="summary-heading">
        {summaryTitle(range.from, range.to)}
      </h1>
      <div className="summary-controls">
        <a href="#/journal" className="back-link">
          ← Back to journal
        </a>
        <RangeForm key={`${range.from}|${range.to}`} range={range} />
        <button type="button" className="primary" onClick={() => void savePdf()} disabled={saving || !report}>
          {saving ? 'Saving…' : 'Save as PDF'}
        </button>
        <WithoutPersonal id="summary-without-personal" checked={withoutPersonal} onChange={setWithoutPersonal} />
        <p role="status" className="summary-saved">
          {saved?.ok && saved.message}
        </p>
        {saved && !saved.ok && (
          <p role="alert" className="banner error">
            {saved.message}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="banner error">
          {error}
        </p>
      )}
      {report ? <SummaryPage report={report} personal={!withoutPersonal} /> : !error && <p>Loading…</p>}
    </div>
  );
}
