import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { consoleApp } from '@/app/console-app.tsx';
import { preloadScreens } from '@/lib/lazy-page.tsx';
import { routes } from '@/app/router.tsx';
import { createAppTheme } from '@/app/theme.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import {
  carriesPrerenderedScreen,
  type Session,
  sessionQueryKey,
  sessionQueryOptions,
  takeEmbeddedSession,
} from '@/lib/session.ts';

// zod compiles its object checks with `new Function` unless told not to, and its probe for that is
// reported as a violation by the console's security policy (no 'unsafe-eval') on every page that
// validates a form. Its settings live on this global, which it takes over whenever it loads.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * What the first render waits for, while index.html's splash shows: the session (carried by the
 * page the server sends, else asked for), and for someone signed in the code of the screen asked
 * for (the shell and its page, side by side, the page's first data set off as it arrives). The
 * screen then renders whole, once, instead of the splash first and each part as its code arrives.
 * Whatever fails here, the render goes on, and the session gate or the screen shows the failure
 * and asks again. Resolves to the session, or undefined when it could not be had.
 */
async function firstScreen(): Promise<Session | null | undefined> {
  // The server's page carries the session, so the console need not ask for it before anything else.
  const embedded = takeEmbeddedSession();
  if (embedded !== undefined) queryClient.setQueryData(sessionQueryKey, embedded);
  try {
    const session = await queryClient.fetchQuery(sessionQueryOptions);
    const screens = session
      ? preloadScreens(routes, window.location.pathname, { queryClient, session })
      : undefined;
    // The theme in the business's colours, in a task of its own while the screen's code arrives,
    // instead of inside the first render's.
    await new Promise((resolve) => setTimeout(resolve, 0));
    createAppTheme(session?.business.theme);
    await screens;
    return session;
  } catch {
    // The gate shows that the session could not be had.
    return undefined;
  }
}

void firstScreen().then((session) => {
  const app = consoleApp(queryClient, (screens) => <BrowserRouter>{screens}</BrowserRouter>);
  // The sign-in page arrives made (ADR 0031): React adopts its markup, keeping what was typed into it.
  if (carriesPrerenderedScreen(root, session, window.location.pathname)) {
    hydrateRoot(root, app);
    return;
  }
  startTransition(() => createRoot(root).render(app));
});
