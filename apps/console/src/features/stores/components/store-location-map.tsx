import 'leaflet/dist/leaflet.css';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import L from 'leaflet';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import { pinIcon } from '@storedesk/web/map-pin';
import { useT } from '@storedesk/web/i18n';
import { useEffect, useEffectEvent, useRef } from 'react';

export type MapPoint = { latitude: number; longitude: number };

/** India, as the map first shows it (SPEC §9: zoom about 5), and how close it goes to a point. */
const indiaCentre: L.LatLngTuple = [22.5, 79];
const overviewZoom = 5;
const pointZoom = 15;

type StoreLocationMapProps = {
  value: MapPoint | null;
  onChange: (point: MapPoint) => void;
  /** The tile server (GET /api/map/tiles); until it is known, or without it, the map is blank but works. */
  tiles?: MapTiles;
  /** Why the form can't be saved yet, shown under the map. */
  error?: string;
};

/** Leaflet shows attribution as HTML; the configured credit is plain text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function toPoint(latLng: L.LatLng): MapPoint {
  const wrapped = latLng.wrap();
  return { latitude: round(wrapped.lat), longitude: round(wrapped.lng) };
}

/**
 * Where the store is: a click on the map (or "Use the centre of the map", for
 * the keyboard) sets the point, and the marker can be dragged. Without tiles
 * (offline, blocked) the map is blank but still works.
 */
export function StoreLocationMap({ value, onChange, tiles, error }: StoreLocationMapProps) {
  const t = useT();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const choose = useEffectEvent((point: MapPoint) => onChange(point));
  // The marker is made once, in the language of that moment.
  const markerLabel = useEffectEvent(() => t('storeForm.mapMarker'));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { center: indiaCentre, zoom: overviewZoom, worldCopyJump: true });
    map.on('click', (event: L.LeafletMouseEvent) => choose(toPoint(event.latlng)));
    mapRef.current = map;
    // The map may be laid out after it is made (a dialog, a grid): measure again once shown.
    const observer =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, []);

  const tileUrl = tiles?.url;
  const attribution = tiles?.attribution;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: escapeHtml(attribution ?? '') }).addTo(
      map,
    );
    return () => {
      layer.remove();
    };
  }, [tileUrl, attribution]);

  const latitude = value?.latitude;
  const longitude = value?.longitude;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (latitude === undefined || longitude === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      map.setView(indiaCentre, overviewZoom);
      return;
    }
    const position: L.LatLngTuple = [latitude, longitude];
    if (markerRef.current) {
      markerRef.current.setLatLng(position);
    } else {
      const label = markerLabel();
      const marker = L.marker(position, { icon: pinIcon, draggable: true, title: label, alt: label });
      marker.on('dragend', () => choose(toPoint(marker.getLatLng())));
      marker.addTo(map);
      markerRef.current = marker;
    }
    if (map.getZoom() < pointZoom) map.setView(position, pointZoom);
    else if (!map.getBounds().contains(position)) map.panTo(position);
  }, [latitude, longitude]);

  return (
    <Stack spacing={1}>
      <Box
        ref={containerRef}
        role="application"
        aria-label={t('storeForm.map')}
        sx={{
          height: { xs: 280, sm: 360 },
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          // Keep the map under the app bar and dialogs.
          zIndex: 0,
          // The credit line is dark on white in either mode, whichever style sheet came first (Leaflet's
          // is loaded with the map), and its links are underlined, not told apart by colour alone.
          '&.leaflet-container .leaflet-control-attribution': { backgroundColor: '#fff', color: '#333' },
          '&.leaflet-container .leaflet-control-attribution a': {
            color: '#00587a',
            textDecoration: 'underline',
          },
          position: 'relative',
        }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography
          variant="body2"
          sx={{ color: error && !value ? 'error.main' : 'text.secondary' }}
          aria-live="polite"
        >
          {value
            ? t('storeForm.mapPoint', {
                latitude: value.latitude.toFixed(5),
                longitude: value.longitude.toFixed(5),
              })
            : (error ?? t('storeForm.mapHint'))}
        </Typography>
        <Button
          size="small"
          startIcon={<MyLocationOutlined />}
          onClick={() => {
            const map = mapRef.current;
            if (map) onChange(toPoint(map.getCenter()));
          }}
        >
          {t('storeForm.useCentre')}
        </Button>
      </Stack>
    </Stack>
  );
}
