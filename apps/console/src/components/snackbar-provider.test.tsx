import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar } from './snackbar-provider.tsx';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./snackbar-view.tsx', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

/** The page's `notify`, for the test to call as a screen would after an action. */
const page: { notify: ReturnType<typeof useSnackbar> } = { notify: () => undefined };
function Catcher() {
  const notify = useSnackbar();
  useEffect(() => {
    page.notify = notify;
  }, [notify]);
  return <p>Page</p>;
}

describe('SnackbarProvider', () => {
  it("fetches the snackbar's code at the first key press, not when the page shows; a message then shows", async () => {
    const { unmount } = render(
      <SnackbarProvider>
        <Catcher />
      </SnackbarProvider>,
    );
    expect(screen.getByText('Page')).toBeInTheDocument();
    // The page's own effects have all run: nothing has asked for the snackbar yet.
    await act(async () => undefined);
    expect(loads.count).toBe(0);

    fireEvent.keyDown(window, { key: 'Tab' });
    await vi.waitFor(() => expect(loads.count).toBe(1));
    act(() => page.notify('Details saved'));
    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    unmount();
  });

  it('shows a message given before anyone pressed anything, once its code has arrived', async () => {
    render(
      <SnackbarProvider>
        <Catcher />
      </SnackbarProvider>,
    );
    act(() => page.notify({ message: 'Store deleted', severity: 'success' }));
    expect(await screen.findByText('Store deleted')).toBeInTheDocument();
  });
});
