import { useEffect, useState, type RefObject } from 'react';

type Hidden = 'none' | 'right' | 'left' | 'both';

const WORDS: Record<Exclude<Hidden, 'none'>, string> = {
  right: 'More columns to the right',
  left: 'More columns to the left',
  both: 'More columns to the left and right',
};

/** Which sides of a scrolling box have content out of view. */
function hiddenSides(el: HTMLElement): Hidden {
  const left = el.scrollLeft > 1;
  const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  return left && right ? 'both' : left ? 'left' : right ? 'right' : 'none';
}

/**
 * Says, above the list, that it scrolls sideways and how, while some of its columns are out of
 * view (a narrow window, 200 % zoom, the detail beside it); nothing when every column shows.
 * Keyed like the grid, so a new grid is observed.
 */
export function SidewaysNote({ gridRef }: { gridRef: RefObject<HTMLDivElement | null> }) {
  const [hidden, setHidden] = useState<Hidden>('none');
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const update = () => setHidden(hiddenSides(grid));
    const observer = new ResizeObserver(update);
    observer.observe(grid);
    for (const child of Array.from(grid.children)) observer.observe(child);
    grid.addEventListener('scroll', update, { passive: true });
    update();
    return () => {
      observer.disconnect();
      grid.removeEventListener('scroll', update);
    };
  }, [gridRef]);
  if (hidden === 'none') return null;
  return (
    <p className="hint sideways-note">
      {WORDS[hidden]}: scroll sideways (<kbd>←</kbd> <kbd>→</kbd> in the list, or Shift with the wheel).
    </p>
  );
}
