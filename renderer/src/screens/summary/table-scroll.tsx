import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways when the window is narrow (high zoom) instead of widening the
 * page; it takes focus so the keyboard can scroll it too. Printed, it is the plain table.
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
