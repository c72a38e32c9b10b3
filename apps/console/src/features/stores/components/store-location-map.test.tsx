import { fireEvent, render as renderPlain, screen } from '@testing-library/react';
import { LanguageProvider } from '@storedesk/web/i18n';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/index.ts';
import { StoreLocationMap } from './store-location-map.tsx';

/** The map as the signed-in console shows it, in its language. */
const render = (ui: ReactElement) => renderPlain(<LanguageProvider i18n={i18n}>{ui}</LanguageProvider>);

describe('store location map', () => {
  it('sets the point where the map is clicked, with no tiles loaded', () => {
    const onChange = vi.fn();
    render(<StoreLocationMap value={null} onChange={onChange} />);

    const map = screen.getByRole('application', { name: 'Store location map' });
    fireEvent.click(map, { clientX: 0, clientY: 0 });

    expect(onChange).toHaveBeenCalledTimes(1);
    const [point] = onChange.mock.calls[0] as [{ latitude: number; longitude: number }];
    expect(point.latitude).toBeCloseTo(22.5, 0);
    expect(point.longitude).toBeCloseTo(79, 0);
    expect(screen.getByText('Click on the map to set the store location.')).toBeInTheDocument();
  });

  it('shows a marker at the point, and offers the centre of the map to keyboard users', async () => {
    const onChange = vi.fn();
    render(<StoreLocationMap value={{ latitude: 12.9716, longitude: 77.5946 }} onChange={onChange} />);

    expect(screen.getByRole('button', { name: 'Store location' })).toBeInTheDocument();
    expect(screen.getByText('Location: 12.97160, 77.59460')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the centre of the map' }));
    // Zoomed in on the point (zoom 15), so the centre is the point itself.
    expect(onChange).toHaveBeenCalledWith({ latitude: 12.9716, longitude: 77.5946 });
  });
});
