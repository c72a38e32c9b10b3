import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from './states.tsx';

/**
 * The phone apps' main content: the page, with a spinner while its code loads. A new page (another
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
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [path, token]);

  return (
    <main ref={main} tabIndex={-1} className="content">
      <Suspense fallback={<Spinner label="Loading…" />}>{children}</Suspense>
    </main>
  );
}
