import { Component, Suspense, useEffect, useRef, type ContextType, type ReactNode } from 'react';
import { Spinner } from './states.tsx';
import { TextsContext, useTexts } from './texts.ts';

/**
 * A page whose code could not be fetched (offline before the worker kept it, or a new version
 * deployed meanwhile): says so instead of a blank screen, and tries again once the connection is
 * back or when asked. `path` opens another page afresh.
 */
class PageLoadBoundary extends Component<{ path: string; children: ReactNode }, { failed: boolean }> {
  static override contextType = TextsContext;
  declare context: ContextType<typeof TextsContext>;
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(before: { path: string }) {
    if (before.path !== this.props.path && this.state.failed) this.setState({ failed: false });
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  retry = () => {
    if (!this.state.failed) return;
    // A failed import() is remembered by the browser: a new page load asks for the code again.
    if (navigator.onLine) window.location.reload();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    const { text } = this.context;
    return (
      <div className="error-panel" role="alert">
        <p>{text(offline ? 'web.pageOffline' : 'web.pageFailed')}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {text('web.tryAgain')}
        </button>
      </div>
    );
  }
}

/**
 * The phone apps' main content: the page, with a spinner while its code loads (and a word, not a
 * blank screen, when it cannot load). A new page (another
 * `path`, or signing in or out: another `token`) moves focus to it, so a screen reader starts there;
 * the first page does not.
 */
export function Content({
  path,
  token,
  children,
}: {
  path: string;
  token?: string | null;
  children: ReactNode;
}) {
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const { text } = useTexts();
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [path, token]);

  return (
    <main ref={main} tabIndex={-1} className="content">
      <PageLoadBoundary path={path}>
        <Suspense fallback={<Spinner label={text('web.loading')} />}>{children}</Suspense>
      </PageLoadBoundary>
    </main>
  );
}
