import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { MemoryRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ownerSession } from '@/testing/fixtures.ts';
import { lazyPage, preloadScreens } from './lazy-page.tsx';

function Shell() {
  return (
    <main>
      <h1>Shell</h1>
      <Outlet />
    </main>
  );
}
const Page = ({ name }: { name: string }) => <h2>{name}</h2>;

/** A lazily loaded screen whose load the test counts and can make fail once. */
function countedScreen<P extends object>(component: ComponentType<P>, failFirst = false) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (failFirst && calls === 1) throw new Error('chunk failed');
    return { Screen: component };
  });
  return { load, Screen: lazyPage(load, 'Screen') };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={<p>Loading</p>}>{useRoutes(routes)}</Suspense>;
}

describe('lazyPage', () => {
  it('loads once for a preload and the render after it', async () => {
    const { load, Screen } = countedScreen(Page);
    await Screen.preload();
    render(<Screen name="Orders" />);

    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again when a preload failed, so the screen still shows', async () => {
    const { load, Screen } = countedScreen(Page, true);
    await expect(Screen.preload()).rejects.toThrow('chunk failed');
    render(<Screen name="Stores" />);

    expect(await screen.findByRole('heading', { name: 'Stores' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadScreens', () => {
  const shell = countedScreen(Shell);
  const dashboard = countedScreen(Page);
  const orders = countedScreen(Page);
  const signIn = countedScreen(Page);
  const routes: RouteObject[] = [
    { path: '/sign-in', element: <signIn.Screen name="Sign in" /> },
    {
      element: <shell.Screen />,
      children: [
        { path: '/dashboard', element: <dashboard.Screen name="Dashboard" /> },
        { path: '/orders', element: <orders.Screen name="Orders" /> },
      ],
    },
  ];

  it("starts the shell's and the page's code for a path together, and nothing else's", async () => {
    preloadScreens(routes, '/dashboard');

    expect(shell.load).toHaveBeenCalledTimes(1);
    expect(dashboard.load).toHaveBeenCalledTimes(1);
    expect(orders.load).not.toHaveBeenCalled();
    expect(signIn.load).not.toHaveBeenCalled();

    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shell' })).toBeInTheDocument();
    expect(shell.load).toHaveBeenCalledTimes(1);
    expect(dashboard.load).toHaveBeenCalledTimes(1);
  });

  it("sets off the data of a page that exports prefetch, with the path's params, once its code is in", async () => {
    const prefetch = vi.fn();
    const Detail = lazyPage(async () => ({ Screen: Page, prefetch }), 'Screen');
    const withDetail: RouteObject[] = [{ path: '/orders/:orderId', element: <Detail name="Order" /> }];
    const context = { queryClient: new QueryClient(), session: ownerSession };

    await preloadScreens(withDetail, '/orders/42');
    expect(prefetch).not.toHaveBeenCalled();

    await preloadScreens(withDetail, '/orders/42', context);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith({ ...context, params: { orderId: '42' } });
  });

  it('settles when a chunk fails, and the screen asks again when it renders', async () => {
    const failing = countedScreen(Page, true);
    await preloadScreens([{ path: '/trash', element: <failing.Screen name="Trash" /> }], '/trash');
    expect(failing.load).toHaveBeenCalledTimes(1);

    render(<failing.Screen name="Trash" />);
    expect(await screen.findByRole('heading', { name: 'Trash' })).toBeInTheDocument();
    expect(failing.load).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a path no route matches', () => {
    preloadScreens(routes, '/nowhere');

    expect(orders.load).not.toHaveBeenCalled();
    expect(signIn.load).not.toHaveBeenCalled();
  });
});
