import { lazy, Suspense } from 'react';
import type { LatLng } from '@storedesk/web/map-picker';
import { useT } from '@storedesk/web/i18n';
import { config } from '../config.ts';
import { Spinner } from '@storedesk/web/states';

// Leaflet loads with the first map a customer opens, not with the app.
const MapPicker = lazy(() => import('@storedesk/web/map-picker').then((m) => ({ default: m.MapPicker })));

/** Where to deliver, on the map: a tap or a drag of the pin moves the point; `hint` says what to do. */
export function PointMap({
  value,
  onChange,
  hint,
  zoom,
}: {
  value: LatLng;
  onChange: (point: LatLng) => void;
  hint: string;
  zoom?: number;
}) {
  const t = useT();
  if (!config) return null;
  return (
    <div className="map-box">
      <Suspense fallback={<Spinner label={t('map.loading')} />}>
        <MapPicker
          value={value}
          onChange={onChange}
          tiles={config.tiles}
          label={t('map.label')}
          {...(zoom === undefined ? {} : { zoom })}
        />
      </Suspense>
      <p className="hint">{hint}</p>
    </div>
  );
}
