import { useState } from 'react';
import type { Address } from '@storedesk/shared/storefront/addresses';
import { useData } from '@storedesk/web/use-data';
import { api } from '../lib/api.ts';
import { place, session, type Place } from '../lib/state.ts';
import { PointMap } from './point-map.tsx';

/** India, where a map with nothing to go on opens. */
const india = { lat: 22.5, lng: 79 };

const geolocationRefusal = (error: GeolocationPositionError) =>
  error.code === error.PERMISSION_DENIED
    ? 'Location is turned off for this site. Pick the place on the map instead.'
    : 'Could not find where you are. Pick the place on the map instead.';

/**
 * Where to deliver: the browser's location, a point picked on the map, or one of the customer's
 * saved addresses. The choice is kept for the next visit.
 */
export function PlacePicker({ onDone }: { onDone?: () => void }) {
  const signedIn = session.use();
  const current = place.use();
  const saved = useData(signedIn ? `addresses:${signedIn.customer.id}` : null, () =>
    api<{ items: Address[] }>('GET', '/addresses'),
  );
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [picking, setPicking] = useState<{ lat: number; lng: number } | null>(null);

  const choose = (next: Place) => {
    place.set(next);
    setPicking(null);
    onDone?.();
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('This browser cannot tell where you are. Pick the place on the map instead.');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        choose({
          lat: Math.round(position.coords.latitude * 1e6) / 1e6,
          lng: Math.round(position.coords.longitude * 1e6) / 1e6,
          label: 'Your current location',
        });
      },
      (error) => {
        setLocating(false);
        setProblem(geolocationRefusal(error));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="place-picker">
      <div className="row-buttons">
        <button type="button" className="button" onClick={locate} disabled={locating}>
          {locating ? 'Finding you…' : 'Use my location'}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => setPicking(current ? { lat: current.lat, lng: current.lng } : india)}
        >
          Pick on the map
        </button>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {picking ? (
        <div>
          <PointMap
            value={picking}
            onChange={setPicking}
            hint="Tap the map or drag the pin to where you are."
            zoom={picking === india ? 5 : 15}
          />
          <button
            type="button"
            className="button"
            onClick={() => choose({ ...picking, label: 'Pinned on the map' })}
          >
            Deliver here
          </button>
        </div>
      ) : null}
      {saved.data && saved.data.items.length > 0 ? (
        <fieldset className="saved-places">
          <legend>Your addresses</legend>
          {saved.data.items.map((address) => (
            <button
              key={address.id}
              type="button"
              className="place-option"
              aria-pressed={current?.addressId === address.id}
              onClick={() =>
                choose({
                  lat: address.lat,
                  lng: address.lng,
                  label: `${address.label}: ${address.text}`,
                  addressId: address.id,
                })
              }
            >
              <strong>{address.label}</strong>
              <span>{address.text}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
