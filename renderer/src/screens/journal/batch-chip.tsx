import { useEffect, useState } from 'react';
import { api } from '../../api';

/** The name of the file a batch came from, or null while unknown. */
async function batchFile(batch: number): Promise<string | null> {
  const recent = await api.imports.recent({});
  const found = recent.ok ? recent.data.batches.find((b) => b.id === batch) : undefined;
  if (found) return found.fileName;
  // An older batch than the latest ones listed: its status names it too.
  const status = await api.imports.status({ batch });
  return status.ok ? status.data.batch.fileName : null;
}

/** The file a batch came from, or null while unknown (or when there is no such batch). */
function useBatchFile(batch: number): string | null {
  const [file, setFile] = useState<{ batch: number; name: string } | null>(null);
  useEffect(() => {
    let live = true;
    void batchFile(batch).then((name) => {
      if (live && name !== null) setFile({ batch, name });
    });
    return () => {
      live = false;
    };
  }, [batch]);
  return file?.batch === batch ? file.name : null;
}

/**
 * The batch filter as a removable chip, "Batch 12 — policies.csv" (the file named once known), with
 * a link to the batch on the Bulk import screen (its progress, resuming, retrying).
 */
export function BatchChip({ batch, onRemove }: { batch: number; onRemove(): void }) {
  const file = useBatchFile(batch);
  const words = `Batch ${batch}${file ? ` — ${file}` : ''}`;
  return (
    <div className="filter-chips" role="group" aria-label="Bulk import filter">
      <span className="chip" data-testid="batch-chip">
        <span>{words}</span>
        <button type="button" className="chip-remove" onClick={onRemove} aria-label={`Remove filter ${words}`}>
          <span aria-hidden="true">×</span>
        </button>
      </span>
      <a href={`#/import?batch=${batch}`}>Batch {batch} in Bulk import</a>
    </div>
  );
}
