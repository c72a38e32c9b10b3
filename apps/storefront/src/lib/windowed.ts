import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * A long list scrolled with the page, of which only the rows in and near the screen are rendered
 * (a store may sell thousands of items). Rows not yet seen count at their estimated height; a
 * rendered row is measured, and keeps its height once it scrolls out. A spacer above and below
 * the rendered rows stands for the others, so the page scrolls as if every row were there. Spacers
 * rather than the list's padding: a browser keeps what is on screen in place as the spacers change
 * (scroll anchoring), which it does not for a change of an ancestor's padding.
 */
export type Windowed = {
  /** To pass as the list element's ref: where its top is on screen tells which rows are in sight. */
  attachList: (element: HTMLElement | null) => void;
  /** The rows to render: from `start` up to but not including `end`. */
  start: number;
  end: number;
  /** The heights of the rows above and below the rendered ones, in pixels (for the spacers). */
  before: number;
  after: number;
  /** To pass as each rendered row's ref, the row carrying its key as `data-row-key`: the row is measured. */
  measureRow: (element: HTMLElement | null) => (() => void) | undefined;
};

/** How far beyond the screen rows are rendered, in screens: enough that Tab and a quick flick find rows there. */
const overscanScreens = 1;

/** Where the screen is over the list: its top, from the list's top, and its height. */
type View = { top: number; height: number };

export function useWindowed<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  estimate: (row: T) => number,
): Windowed {
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [list, attachList] = useState<HTMLElement | null>(null);
  const [view, setView] = useState<View>(() => ({ top: 0, height: viewportHeight() }));

  // One observer measures every rendered row; what it measures is taken together, once a frame.
  const [observer] = useState(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    const measured = new Map<string, number>();
    let frame = 0;
    return new ResizeObserver((entries) => {
      for (const entry of entries) {
        const key = (entry.target as HTMLElement).dataset.rowKey;
        const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
        if (key !== undefined && height > 0) measured.set(key, height);
      }
      if (measured.size > 0 && !frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          const taken = new Map(measured);
          measured.clear();
          setHeights((before) => {
            if ([...taken].every(([key, height]) => before.get(key) === height)) return before;
            return new Map([...before, ...taken]);
          });
        });
      }
    });
  });
  useEffect(() => () => observer?.disconnect(), [observer]);

  // Where each row starts, from the top of the list; the last entry is the whole height.
  const offsets = useMemo(() => {
    const at = new Float64Array(rows.length + 1);
    rows.forEach((row, index) => {
      at[index + 1] = at[index]! + (heights.get(keyOf(row)) ?? estimate(row));
    });
    return at;
  }, [rows, heights, keyOf, estimate]);

  // The screen moving over the list: a new view only when it brings other rows into range, so
  // scrolling within the rendered rows renders nothing.
  useEffect(() => {
    if (!list) return;
    let frame = 0;
    const look = () => {
      frame = 0;
      const next = { top: -list.getBoundingClientRect().top, height: viewportHeight() };
      setView((before) => (sameRange(rangeOf(offsets, before), rangeOf(offsets, next)) ? before : next));
    };
    const onMove = () => {
      if (!frame) frame = requestAnimationFrame(look);
    };
    onMove();
    window.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('resize', onMove);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onMove);
      window.removeEventListener('resize', onMove);
    };
  }, [list, offsets]);

  const measureRow = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return undefined;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  const count = rows.length;
  const [start, end] = rangeOf(offsets, view);
  return {
    attachList,
    start,
    end,
    before: offsets[start]!,
    after: offsets[count]! - offsets[end]!,
    measureRow,
  };
}

const sameRange = (a: [number, number], b: [number, number]) => a[0] === b[0] && a[1] === b[1];

const viewportHeight = () => (typeof window === 'undefined' ? 800 : window.innerHeight || 800);

/**
 * The rows in sight with the list's top `top` pixels above the screen's (negative: below it), and
 * a screen's worth more above and below, of `offsets.length - 1` rows: from the first row that ends below that band's top to the
 * first that starts below its bottom (at least one row).
 */
function rangeOf(offsets: Float64Array, { top, height }: View): [number, number] {
  const count = offsets.length - 1;
  const from = top - height * overscanScreens;
  const to = top + height * (1 + overscanScreens);
  const first = firstIndex(count, (index) => offsets[index + 1]! > from);
  const last = firstIndex(count, (index) => offsets[index]! >= to);
  return [first, Math.max(last, Math.min(count, first + 1))];
}

/** The first index in 0…count for which `past` holds (it holds for every index after it), or count. */
function firstIndex(count: number, past: (index: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (past(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
