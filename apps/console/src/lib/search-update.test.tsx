import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useOrderFilters } from '@/features/orders/order-list-params.ts';
import { useListParams } from './list-params.ts';

function setup(initialUrl: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [, setParams] = useListParams();
      const [, setFilters] = useOrderFilters();
      return { setParams, setFilters, search: useLocation().search };
    },
    { wrapper },
  );
}

describe('changes of the list parameters in the URL', () => {
  it('drops a change asked for after the browser has gone to another path, rather than taking it back', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/zones']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(
      () => {
        const [, setParams] = useListParams();
        const location = useLocation();
        return { setParams, navigate: useNavigate(), where: `${location.pathname}${location.search}` };
      },
      { wrapper },
    );
    const { setParams, navigate } = result.current;
    act(() => {
      // A click on a row's Edit, then the search box's debounce firing before the edit screen renders.
      void navigate('/zones/z1/edit');
      setParams({ q: 'pune' });
    });
    expect(result.current.where).toBe('/zones/z1/edit');
  });

  it('keeps every change made before the first has rendered (From, then To, then a search)', () => {
    const { result } = setup('/orders?status=1&page=2');
    const { setFilters, setParams } = result.current;
    act(() => {
      setFilters({ from: '2026-11-01' });
      setFilters({ to: '2026-11-23' });
      setParams({ q: 'asha' });
    });
    const search = new URLSearchParams(result.current.search);
    expect(Object.fromEntries(search)).toEqual({
      status: '1',
      from: '2026-11-01',
      to: '2026-11-23',
      q: 'asha',
    });
  });

  it('builds on the URL as rendered once a change has rendered', () => {
    const { result } = setup('/orders');
    act(() => result.current.setFilters({ from: '2026-11-01' }));
    act(() => result.current.setFilters({ from: undefined }));
    act(() => result.current.setFilters({ to: '2026-11-23' }));
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({ to: '2026-11-23' });
  });
});
