import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import { pinIcon } from './map-pin.ts';

export type LatLng = { lat: number; lng: number };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A map to pick a point on: a tap sets it, the pin can be dragged, and the map follows a point
 * given from outside (the browser's location). Without tiles (offline, blocked) it is blank but
 * works. The customer app's delivery point uses it; it holds no framework but React.
 */
export function MapPicker({
  value,
  onChange,
  tiles,
  label,
  zoom = 15,
}: {
  value: LatLng;
  onChange: (point: LatLng) => void;
  tiles: MapTiles;
  /** What the map is for, said to screen readers. */
  label: string;
  zoom?: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const choose = useEffectEvent((point: LatLng) => onChange(point));

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { center: [value.lat, value.lng], zoom, worldCopyJump: true });
    L.tileLayer(tiles.url, { maxZoom: 19, attribution: escapeHtml(tiles.attribution) }).addTo(map);
    const marker = L.marker([value.lat, value.lng], {
      icon: pinIcon,
      draggable: true,
      title: label,
      alt: label,
    });
    const pick = (latLng: L.LatLng) => {
      const wrapped = latLng.wrap();
      choose({ lat: round(wrapped.lat), lng: round(wrapped.lng) });
    };
    marker.on('dragend', () => pick(marker.getLatLng()));
    map.on('click', (event: L.LeafletMouseEvent) => pick(event.latlng));
    marker.addTo(map);
    mapRef.current = map;
    markerRef.current = marker;
    const observer =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // Made once per tile server; the point is followed below, and the first one is where it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    markerRef.current?.setLatLng([value.lat, value.lng]);
    const map = mapRef.current;
    if (map && !map.getBounds().contains([value.lat, value.lng])) map.panTo([value.lat, value.lng]);
  }, [value.lat, value.lng]);

  return <div ref={containerRef} className="map-picker" role="application" aria-label={label} />;
}
