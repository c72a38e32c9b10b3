import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, type JSX } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Content } from './content.tsx';

type Listener = (error: Error) => void;
type VirtualConsole = {
  listeners: (event: 'jsdomError') => Listener[];
  removeAllListeners: (event: 'jsdomError') => void;
  on: (event: 'jsdomError', listener: Listener) => void;
};

/**
 * Page reloads asked for: jsdom cannot reload, and says so on its console (the only way to see
 * `location.reload()` called, as jsdom's location cannot be replaced).
 */
function watchReloads() {
  const { virtualConsole } = (globalThis as unknown as { jsdom: { virtualConsole: VirtualConsole } }).jsdom;
  const before = virtualConsole.listeners('jsdomError');
  virtualConsole.removeAllListeners('jsdomError');
  let reloads = 0;
  virtualConsole.on('jsdomError', (error) => {
    if (error.message === 'Not implemented: navigation (except hash changes)') reloads++;
    else throw error;
  });
  return {
    count: () => reloads,
    stop: () => {
      virtualConsole.removeAllListeners('jsdomError');
      for (const listener of before) virtualConsole.on('jsdomError', listener);
    },
  };
}

let onLine = true;
let reloads: ReturnType<typeof watchReloads>;
beforeEach(() => {
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  // React reports the error a boundary caught; here it is expected.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  reloads = watchReloads();
});
afterEach(() => {
  cleanup();
  reloads.stop();
  vi.restoreAllMocks();
});

/** A page whose code the test hands over when it chooses, or fails to. */
function lazyPage(text: string) {
  let load!: () => void;
  let fail!: () => void;
  const Page = lazy(
    () =>
      new Promise<{ default: () => JSX.Element }>((resolve, reject) => {
        load = () => resolve({ default: () => <h1>{text}</h1> });
        fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
      }),
  );
  return { Page, load: () => act(async () => load()), fail: () => act(async () => fail()) };
}

const main = () => screen.getByRole('main');

describe('the apps’ main content', () => {
  it('shows a spinner while a page’s code loads, then the page', async () => {
    const store = lazyPage('Near Mart');
    render(
      <Content path="/stores/1">
        <store.Page />
      </Content>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await store.load();
    expect(main().textContent).toBe('Near Mart');
  });

  it('says a page could not load instead of a blank screen, and reloads when asked', async () => {
    const store = lazyPage('Near Mart');
    render(
      <Content path="/stores/1">
        <store.Page />
      </Content>,
    );
    await store.fail();
    expect(screen.getByRole('alert').textContent).toBe('This page could not load.Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reloads.count()).toBe(1);
  });

  it('offline, says the page opens once the connection is back, and reloads then', async () => {
    onLine = false;
    const store = lazyPage('Near Mart');
    render(
      <Content path="/stores/1">
        <store.Page />
      </Content>,
    );
    await store.fail();
    expect(screen.getByRole('alert').textContent).toBe(
      'You’re offline, and this page has not been opened on this phone before. It opens once the connection is back.Try again',
    );
    expect(reloads.count()).toBe(0);
    onLine = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reloads.count()).toBe(1);
  });

  it('does not reload on coming online when the page loaded', async () => {
    const store = lazyPage('Near Mart');
    render(
      <Content path="/stores/1">
        <store.Page />
      </Content>,
    );
    await store.load();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reloads.count()).toBe(0);
  });

  it('opens another page afresh after one that could not load', async () => {
    const store = lazyPage('Near Mart');
    const { rerender } = render(
      <Content path="/stores/1">
        <store.Page />
      </Content>,
    );
    await store.fail();
    rerender(
      <Content path="/orders">
        <h1>Your orders</h1>
      </Content>,
    );
    expect(main().textContent).toBe('Your orders');
  });

  it('moves focus to a new page (another path, or signing in), not to the first', () => {
    const { rerender } = render(
      <Content path="/" token={null}>
        <h1>Home</h1>
      </Content>,
    );
    expect(document.activeElement).toBe(document.body);
    rerender(
      <Content path="/orders" token={null}>
        <h1>Your orders</h1>
      </Content>,
    );
    expect(document.activeElement).toBe(main());

    (document.activeElement as HTMLElement).blur();
    rerender(
      <Content path="/orders" token="token-1">
        <h1>Your orders</h1>
      </Content>,
    );
    expect(document.activeElement).toBe(main());
  });
});
