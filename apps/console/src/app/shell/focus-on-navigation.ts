import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focuses the screen's heading (made focusable by script only); false when it has none yet. */
function focusHeading(root: HTMLElement): boolean {
  const heading = root.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus();
  return true;
}

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
      return focusHeading(root);
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

/**
 * When the focused element leaves the page (the row whose Delete was pressed, the button that
 * opened a dialog and has gone since, the snackbar's Undo), the browser drops the focus to the
 * page's body and a keyboard user loses their place: the focus goes to the screen's heading.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    let last: Element | null = document.activeElement;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      if (!last || last.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const root = container.current;
      if (root && focusHeading(root)) last = document.activeElement;
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [container]);
}
