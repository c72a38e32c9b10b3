import { useCallback, useState } from 'react';

/**
 * The width of an element, followed as it resizes, so a chart is drawn at its
 * real size (its text stays legible on a phone). `fallback` is used until it is
 * measured, and where nothing measures (tests).
 */
export function useElementWidth(fallback: number) {
  const [width, setWidth] = useState(fallback);
  const ref = useCallback((node: Element | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
