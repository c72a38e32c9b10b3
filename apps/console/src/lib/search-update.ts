import { use, useCallback } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router';

/**
 * The search last asked for, and the location it was asked from. React
 * Router hands a functional update the search of the last render, so a second
 * change made before the first has rendered (From, then To, set in quick
 * succession; a filter and the search in one event) would be built on the old
 * search and undo the first. Each location has its own key: while it is the
 * same and the rendered search is the one it was built on, no render has
 * caught up, and the next change builds on this one.
 */
type Pending = { key: string; from: string; search: string };

/** By router (its navigator), so two routers (a test's, the app's) never share one. */
const pendingByRouter = new WeakMap<object, Pending>();

/**
 * Changes the list parameters in the URL without adding to the history, each
 * change building on the one before even when it has not rendered yet.
 *
 * A change asked for once the browser has gone to another path (a search's
 * debounce firing after a click on a row's Edit, while the next screen's code
 * still loads and this one is still shown) is dropped: applied, it would
 * replace the new path with this list's and take the person back.
 */
export function useSearchUpdate(): (update: (search: URLSearchParams) => URLSearchParams) => void {
  const [, setSearch] = useSearchParams();
  const { key, pathname } = useLocation();
  const { navigator } = use(UNSAFE_NavigationContext);
  return useCallback(
    (update) => {
      // BrowserRouter's and MemoryRouter's navigators are histories, which know where they are now.
      const now = (navigator as { location?: { pathname: string } }).location?.pathname;
      if (now !== undefined && now !== pathname) return;
      setSearch(
        (rendered) => {
          const from = rendered.toString();
          const pending = pendingByRouter.get(navigator);
          const caughtUp = pending?.key !== key || pending.from !== from;
          const next = update(caughtUp ? rendered : new URLSearchParams(pending.search));
          pendingByRouter.set(navigator, { key, from, search: next.toString() });
          return next;
        },
        { replace: true },
      );
    },
    [setSearch, key, pathname, navigator],
  );
}
