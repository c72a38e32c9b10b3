import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams, useListSelection, usePageInRange } from './list-params.ts';

function setup(initialUrl: string, list: { data?: { total: number }; isPlaceholderData: boolean }) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [params, setParams] = useListParams();
      const lastPage = usePageInRange(list, params, setParams);
      return { params, lastPage, search: useLocation().search };
    },
    { wrapper },
  );
}

describe('usePageInRange', () => {
  it('moves a page that no longer exists to the last page there is, in the URL', async () => {
    const { result } = setup('/stores?page=5&q=fresh', { data: { total: 12 }, isPlaceholderData: false });
    expect(result.current.lastPage).toBe(1);
    await waitFor(() => expect(result.current.params.page).toBe(1));
    const search = new URLSearchParams(result.current.search);
    expect([search.get('page'), search.get('q')]).toEqual(['1', 'fresh']);
  });

  it('leaves a page in range, and waits while the shown data is a placeholder or missing', async () => {
    const inRange = setup('/stores?page=1', { data: { total: 12 }, isPlaceholderData: false });
    const placeholder = setup('/stores?page=5', { data: { total: 12 }, isPlaceholderData: true });
    const loading = setup('/stores?page=5', { isPlaceholderData: false });
    // A page out of range, rendered after them, is moved: once it is, any of them would have been.
    const gone = setup('/stores?page=5', { data: { total: 12 }, isPlaceholderData: false });
    await waitFor(() => expect(gone.result.current.params.page).toBe(1));
    expect(inRange.result.current.params.page).toBe(1);
    expect(placeholder.result.current.params.page).toBe(5);
    expect(loading.result.current.params.page).toBe(5);
    expect(loading.result.current.lastPage).toBe(0);
  });
});

describe('useListSelection', () => {
  it('keeps the rows checked in a list, and starts another list (page, filter, search) with none', () => {
    const { result, rerender } = renderHook(({ query }) => useListSelection(query), {
      initialProps: { query: { page: 0, q: '' } as object },
    });
    expect([...result.current[0]]).toEqual([]);
    act(() => result.current[1](new Set(['a', 'b'])));
    rerender({ query: { page: 0, q: '' } });
    expect([...result.current[0]]).toEqual(['a', 'b']);

    rerender({ query: { page: 1, q: '' } });
    expect([...result.current[0]]).toEqual([]);
    rerender({ query: { page: 0, q: '' } });
    // Back on the first list, what was checked there is still checked only until another list is checked.
    expect([...result.current[0]]).toEqual(['a', 'b']);
    rerender({ query: { page: 0, q: 'rice' } });
    act(() => result.current[1](new Set(['c'])));
    rerender({ query: { page: 0, q: '' } });
    expect([...result.current[0]]).toEqual([]);
  });
});
