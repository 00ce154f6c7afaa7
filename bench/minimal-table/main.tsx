// The cheapest Journal the renderer's stack allows, for bench:journal-screen: React 19 and TanStack
// Virtual rendering the first window of rows from the same answer (the preload API's journal:list,
// newest first, 100 rows), the same row height and columns, and nothing else.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useVirtualizer } from '@tanstack/react-virtual';
import { API_KEY, type FeedDeskApi } from '@shared/ipc/api';
import type { ResponseOf } from '@shared/ipc/contract';

type Row = ResponseOf<'journal:list'>['rows'][number];
const api = (window as unknown as Record<typeof API_KEY, FeedDeskApi>)[API_KEY];

function MinimalTable() {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void api.journal.list({ sort: 'created_at', direction: 'desc', offset: 0, limit: 100 }).then((answer) => {
      if (!answer.ok) return;
      setRows(answer.data.rows);
      setTotal(answer.data.total);
    });
  }, []);
  const virtual = useVirtualizer({ count: total, getScrollElement: () => scroller.current, estimateSize: () => 32 });
  return (
    <div role="grid" ref={scroller}>
      <div className="grid-body" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return (
            <div
              key={item.key}
              id={`journal-row-${item.index}`}
              className={row ? 'grid-row' : 'grid-row loading'}
              role="row"
              style={{ position: 'absolute', top: item.start, left: 0, right: 0 }}
            >
              {row && (
                <>
                  <span role="gridcell">{row.id}</span>
                  <span role="gridcell">{row.createdAt}</span>
                  <span role="gridcell">{row.reference}</span>
                  <span role="gridcell">{row.policy}</span>
                  <span role="gridcell" className="col-surname">
                    {row.surname}
                  </span>
                  <span role="gridcell">{row.state}</span>
                  <span role="gridcell">{row.recordid}</span>
                  <span role="gridcell">{row.operator}</span>
                </>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MinimalTable />
  </StrictMode>,
);
