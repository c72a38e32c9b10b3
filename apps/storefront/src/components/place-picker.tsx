import { useState } from 'react';
import type { Address } from '@storedesk/shared/storefront/addresses';
import { useT } from '@storedesk/web/i18n';
import { useData } from '@storedesk/web/use-data';
import { api } from '../lib/api.ts';
import { place, placeFound, placePinned, session, type Place } from '../lib/state.ts';
import { PointMap } from './point-map.tsx';

/** India, where a map with nothing to go on opens. */
const india = { lat: 22.5, lng: 79 };

/** Why the browser's location could not be had. */
type LocationProblem = 'unsupported' | 'denied' | 'failed';

const problemText = {
  unsupported: 'place.unsupported',
  denied: 'place.denied',
  failed: 'place.failed',
} as const;

/**
 * Where to deliver: the browser's location, a point picked on the map, or one of the customer's
 * saved addresses. The choice is kept for the next visit.
 */
export function PlacePicker({ onDone }: { onDone?: () => void }) {
  const signedIn = session.use();
  const current = place.use();
  const t = useT();
  const saved = useData(signedIn ? `addresses:${signedIn.customer.id}` : null, () =>
    api<{ items: Address[] }>('GET', '/addresses'),
  );
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  const [picking, setPicking] = useState<{ lat: number; lng: number } | null>(null);

  const choose = (next: Place) => {
    place.set(next);
    setPicking(null);
    onDone?.();
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('unsupported');
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
          label: placeFound,
        });
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed');
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="place-picker">
      <div className="row-buttons">
        <button type="button" className="button" onClick={locate} disabled={locating}>
          {t(locating ? 'place.locating' : 'place.useLocation')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => setPicking(current ? { lat: current.lat, lng: current.lng } : india)}
        >
          {t('place.pickOnMap')}
        </button>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {t(problemText[problem])}
        </p>
      ) : null}
      {picking ? (
        <div>
          <PointMap
            value={picking}
            onChange={setPicking}
            hint={t('place.mapHint')}
            zoom={picking === india ? 5 : 15}
          />
          <button type="button" className="button" onClick={() => choose({ ...picking, label: placePinned })}>
            {t('place.deliverHere')}
          </button>
        </div>
      ) : null}
      {saved.data && saved.data.items.length > 0 ? (
        <fieldset className="saved-places">
          <legend>{t('place.yourAddresses')}</legend>
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
