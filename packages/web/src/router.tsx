import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * The apps' few pages need no router library: the path below the app's address (`base`), links
 * that change it without a reload, and Back that works.
 */
export function createRouter(base: string) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  window.addEventListener('popstate', notify);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  /** The path below the app's address ("/", "/orders/…") and the query. */
  const current = (): string => {
    const path = window.location.pathname.startsWith(base)
      ? window.location.pathname.slice(base.length) || '/'
      : '/';
    return `${path}${window.location.search}`;
  };

  function useLocation(): { path: string; query: URLSearchParams } {
    const at = useSyncExternalStore(subscribe, current, current);
    const [path = '/', search = ''] = at.split('?');
    return { path, query: new URLSearchParams(search) };
  }

  const href = (to: string) => `${base}${to}`;

  function navigate(to: string, options: { replace?: boolean } = {}) {
    const url = href(to);
    if (options.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    window.scrollTo(0, 0);
    notify();
  }

  function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      event.preventDefault();
      navigate(to);
    };
    return <a href={href(to)} onClick={follow} {...rest} />;
  }

  return { useLocation, href, navigate, Link };
}
