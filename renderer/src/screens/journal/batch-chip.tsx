import { useCallback } from 'react';
import type { Result } from '@shared/ipc/result';
import { calls } from './actions';
import { useRead } from '../../journal-feed/use-live';

/** The name of the file a batch came from. */
async function batchFile(batch: number): Promise<Result<string>> {
  const recent = await calls.imports.recent({});
  const found = recent.ok ? recent.data.batches.find((b) => b.id === batch) : undefined;
  if (found) return { ok: true, data: found.fileName };
  // An older batch than the latest ones listed: its status names it too.
  const status = await calls.imports.status({ batch });
  return status.ok ? { ok: true, data: status.data.batch.fileName } : status;
}

/** The file a batch came from, or null while unknown (or when there is no such batch). */
function useBatchFile(batch: number): string | null {
  return useRead(useCallback(() => batchFile(batch), [batch])).data;
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
