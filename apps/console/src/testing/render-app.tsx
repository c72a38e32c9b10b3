import { act, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { LanguageProvider } from '@storedesk/web/i18n';
import { i18n } from '@/i18n/index.ts';
import userEvent from '@testing-library/user-event';
import type { InitialEntry, Location, NavigateFunction, RouteObject, To } from 'react-router';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { AppProviders } from '@/app/providers.tsx';
import { preloadScreens } from '@/lib/lazy-page.tsx';
import { AppRoutes, routes } from '@/app/router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';

/** What a test reads of the router: where the console is, and a way to go elsewhere. */
export type TestRouter = {
  readonly state: { readonly location: Location };
  navigate: (to: To) => Promise<void>;
};

function RouterProbe({ onRender }: { onRender: (location: Location, navigate: NavigateFunction) => void }) {
  onRender(useLocation(), useNavigate());
  return null;
}

/** The whole console at `entry`, as a browser would show it, with the API mocked by the test. */
export function renderApp(entry: InitialEntry, options: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient({ retry: false });
  let location: Location | undefined;
  let navigateTo: NavigateFunction | undefined;
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('the router has not rendered yet');
      return { location };
    },
    navigate: async (to) => {
      if (!navigateTo) throw new Error('the router has not rendered yet');
      const go = navigateTo;
      await act(async () => {
        await go(to);
      });
    },
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <RouterProbe
          onRender={(current, navigate) => {
            location = current;
            navigateTo = navigate;
          }}
        />
        <AppRoutes routes={options.routes} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, router, queryClient };
}

/**
 * Loads the code of the screens these paths show (the shell and the pages), so that a test's
 * first render waits for rendering only, not for its modules to be transformed: run it in
 * `beforeAll`, whose own time limit covers a loaded machine.
 */
export async function loadScreensOf(...pathnames: string[]): Promise<void> {
  await Promise.all(pathnames.map((pathname) => preloadScreens(routes, pathname)));
}

/** The time a `beforeAll` that loads screens may take on a loaded machine. */
export const LOADING_SCREENS_MS = 120_000;

/** A piece of the signed-in console on its own, in the console's language as the shell gives it. */
export function renderInConsoleLanguage(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
    ),
  });
}
