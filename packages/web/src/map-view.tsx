import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import { pinIcon } from './map-pin.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A small map of one point with its pin, to look at: an order's delivery point in the console,
 * an order's address in the apps. It pans and zooms; nothing on it is chosen. Without tiles
 * (offline, blocked) it shows the pin on a blank map.
 */
export function MapView({
  point,
  tiles,
  label,
  zoom = 15,
}: {
  point: { lat: number; lng: number };
  tiles: MapTiles | undefined;
  /**
   * What the map shows, said to screen readers. The map is a labelled group, not an image: it
   * holds the zoom buttons and the credit's links, which an image may not.
   */
  label: string;
  zoom?: number;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const { lat, lng } = point;
  const tileUrl = tiles?.url;
  const attribution = tiles?.attribution ?? '';

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { center: [lat, lng], zoom, scrollWheelZoom: false, keyboard: false });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: escapeHtml(attribution) }).addTo(map);
    L.marker([lat, lng], { icon: pinIcon, keyboard: false, interactive: false }).addTo(map);
    const observer =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      map.remove();
    };
  }, [lat, lng, zoom, tileUrl, attribution]);

  return (
    <div ref={containerRef} className="map-view" role="group" aria-label={label} style={{ height: '100%' }} />
  );
}
