import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MouseEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from './router.tsx';

const { useLocation, href, navigate, Link } = createRouter('/shop');

function Where() {
  const { path, query } = useLocation();
  return <p>{`${path} ${query.get('tab') ?? '-'}`}</p>;
}
const shown = () => screen.getByRole('paragraph').textContent;

beforeEach(() => {
  window.history.replaceState(null, '', '/shop/');
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the apps’ pages', () => {
  it('reads the path below the app’s address and the query', () => {
    window.history.replaceState(null, '', '/shop/orders/5?tab=items');
    render(<Where />);
    expect(shown()).toBe('/orders/5 items');
  });

  it('is at "/" at the app’s address itself, and outside it', () => {
    window.history.replaceState(null, '', '/shop');
    const { unmount } = render(<Where />);
    expect(shown()).toBe('/ -');
    unmount();
    window.history.replaceState(null, '', '/console/orders');
    render(<Where />);
    expect(shown()).toBe('/ -');
  });

  it('goes to a page without a reload, to the top, and Back returns', async () => {
    render(<Where />);
    const entries = window.history.length;
    act(() => navigate('/orders?tab=past'));
    expect(shown()).toBe('/orders past');
    expect(window.location.pathname).toBe('/shop/orders');
    expect(window.history.length).toBe(entries + 1);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    act(() => window.history.back());
    await waitFor(() => expect(shown()).toBe('/ -'));
  });

  it('replaces the page it is on when told to: Back skips it', async () => {
    render(<Where />);
    act(() => navigate('/cart'));
    act(() => navigate('/sign-in', { replace: true }));
    expect(shown()).toBe('/sign-in -');
    act(() => window.history.back());
    await waitFor(() => expect(shown()).toBe('/ -'));
  });

  it('links to the page’s full address, and follows a plain click itself', () => {
    expect(href('/cart')).toBe('/shop/cart');
    render(
      <>
        <Where />
        <Link to="/cart">Cart</Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(link.getAttribute('href')).toBe('/shop/cart');
    const followed = !fireEvent.click(link, { button: 0 });
    expect(followed).toBe(true);
    expect(shown()).toBe('/cart -');
  });

  it('leaves a click with a modifier key (a new tab) to the browser', () => {
    render(
      <>
        <Where />
        <Link to="/cart">Cart</Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Cart' });
    // After the app has had the click: the browser's own following is no test's (jsdom cannot open a tab).
    const browser = (event: Event) => event.preventDefault();
    document.addEventListener('click', browser);
    try {
      for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
        fireEvent.click(link, modifier);
        expect(shown(), JSON.stringify(modifier)).toBe('/ -');
      }
      fireEvent.click(link, { button: 1 });
      expect(shown(), 'middle button').toBe('/ -');
    } finally {
      document.removeEventListener('click', browser);
    }
  });

  it('calls the link’s own onClick first, and does not navigate when it prevents it', () => {
    const onClick = vi.fn((event: MouseEvent) => event.preventDefault());
    render(
      <>
        <Where />
        <Link to="/cart" onClick={onClick}>
          Cart
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('/ -');
  });
});
