import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The whole console at `entry`, as a browser would show it, with the API mocked by the test. */
export function renderApp(entry: InitialEntry) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient };
}
