import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (its code and data arriving) before we give up. */
const WAIT_MS = 10_000;

/**
 * After a move to another screen, focus goes to the new screen's heading, so a screen reader
 * reads where the user is and the next Tab starts at the top of the screen, not in the menu.
 * The first screen of a visit is left alone, and so is a screen where the user has already put
 * the focus somewhere in it.
 */
export function useFocusOnNavigation(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = container.current;
    if (!root) return;
    const give = () => {
      const active = document.activeElement;
      if (active && active !== document.body && root.contains(active)) return true;
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (give()) return;
    const observer = new MutationObserver(() => {
      if (give()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, container]);
}
