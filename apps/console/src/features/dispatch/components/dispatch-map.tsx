import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import L from 'leaflet';
import type { MapTiles } from '@storedesk/shared/map/schemas';
import { useFormat, useT } from '@storedesk/web/i18n';
import { useEffect, useRef } from 'react';

export type MapExecutive = {
  id: string;
  name: string;
  lat: number;
  lng: number;
  seenAt: string | null;
  openOrders: number;
};
export type MapStore = { id: string; name: string; lat: number; lng: number };
export type MapOrder = {
  id: string;
  number: number;
  customerName: string;
  storeName: string;
  lat: number;
  lng: number;
  /** How long it has waited ("14 min", in the language shown) when too long for an executive, else null. */
  waited: string | null;
};

type DispatchMapProps = {
  executives: MapExecutive[];
  stores: MapStore[];
  orders: MapOrder[];
  tiles: MapTiles | undefined;
  timeZone: string;
};

/** India, as a map with nothing on it yet first shows it (SPEC §9: zoom about 5). */
const indiaCentre: L.LatLngTuple = [22.5, 79];
const overviewZoom = 5;

/** Leaflet shows attribution as HTML; the configured credit is plain text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A popup's content as elements, so that names are text, never markup. */
function popupOf(lines: string[]): HTMLElement {
  const box = document.createElement('div');
  lines.forEach((line, index) => {
    const element = document.createElement(index === 0 ? 'strong' : 'div');
    element.textContent = line;
    box.append(element);
  });
  return box;
}

// The theme's colours as CSS variables, so the markers follow light and dark mode and the brand.
const markerBase =
  'display:flex;align-items:center;justify-content:center;box-sizing:border-box;font:600 12px/1 system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45);';

function executiveIcon(name: string): L.DivIcon {
  const html = document.createElement('span');
  html.setAttribute('aria-hidden', 'true');
  html.style.cssText = `${markerBase}width:32px;height:32px;border-radius:50%;background:var(--mui-palette-primary-main);color:var(--mui-palette-primary-contrastText);`;
  html.textContent = initials(name);
  return L.divIcon({ html, className: 'dispatch-marker', iconSize: [32, 32], iconAnchor: [16, 16] });
}

/** A store's marker, with the first letter of "Store" in the language shown. */
function storeIcon(letter: string): L.DivIcon {
  const html = document.createElement('span');
  html.setAttribute('aria-hidden', 'true');
  html.style.cssText = `${markerBase}width:26px;height:26px;border-radius:4px;background:var(--mui-palette-secondary-main);color:var(--mui-palette-secondary-contrastText);`;
  html.textContent = letter;
  return L.divIcon({ html, className: 'dispatch-marker', iconSize: [26, 26], iconAnchor: [13, 13] });
}

function orderIcon(waiting: boolean): L.DivIcon {
  const colour = waiting ? 'warning' : 'info';
  return L.divIcon({
    html: `<span aria-hidden="true" style="${markerBase}width:22px;height:22px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:var(--mui-palette-${colour}-main);color:var(--mui-palette-${colour}-contrastText);"><span style="transform:rotate(45deg)">${waiting ? '!' : ''}</span></span>`,
    className: 'dispatch-marker',
    iconSize: [22, 22],
    iconAnchor: [11, 22],
  });
}

/**
 * The live map of Dispatch (B14): on-duty executives where they last were, with their names; the
 * stores; open orders' delivery points, those waiting too long marked "!". An executive's marker
 * moves in place as positions arrive; its popup says when they were last seen (in the business's
 * time zone) and what they carry. The map fits what it shows once, then stays where it is put.
 */
export function DispatchMap({ executives, stores, orders, tiles, timeZone }: DispatchMapProps) {
  const t = useT();
  const { dateTime } = useFormat();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layersRef = useRef<{ stores: L.LayerGroup; orders: L.LayerGroup; executives: L.LayerGroup } | null>(
    null,
  );
  const executiveMarkers = useRef(new Map<string, L.Marker>());
  const fitted = useRef(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // Its zoom buttons are added in the language shown, below.
    const map = L.map(container, {
      center: indiaCentre,
      zoom: overviewZoom,
      worldCopyJump: true,
      zoomControl: false,
    });
    const markers = executiveMarkers.current;
    layersRef.current = {
      stores: L.layerGroup().addTo(map),
      orders: L.layerGroup().addTo(map),
      executives: L.layerGroup().addTo(map),
    };
    mapRef.current = map;
    // The map may be laid out after it is made (the list beside it, a phone turned): measure again.
    const observer =
      typeof ResizeObserver === 'function' ? new ResizeObserver(() => map.invalidateSize()) : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      map.remove();
      mapRef.current = null;
      layersRef.current = null;
      markers.clear();
      fitted.current = false;
    };
  }, []);

  // Leaflet's zoom buttons, named in the language shown (their title and accessible name).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const control = L.control
      .zoom({ zoomInTitle: t('dispatch.zoomIn'), zoomOutTitle: t('dispatch.zoomOut') })
      .addTo(map);
    return () => {
      control.remove();
    };
  }, [t]);

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

  useEffect(() => {
    const group = layersRef.current?.stores;
    if (!group) return;
    group.clearLayers();
    const icon = storeIcon(t('dispatch.storeMarker'));
    for (const store of stores) {
      L.marker([store.lat, store.lng], { icon, title: store.name, keyboard: false })
        .bindPopup(popupOf([store.name, t('dispatch.store')]))
        .addTo(group);
    }
  }, [stores, t]);

  useEffect(() => {
    const group = layersRef.current?.orders;
    if (!group) return;
    group.clearLayers();
    for (const order of orders) {
      const number = String(order.number);
      const title = order.waited
        ? t('dispatch.orderWaiting', { number, elapsed: order.waited })
        : t('dispatch.order', { number });
      L.marker([order.lat, order.lng], { icon: orderIcon(order.waited !== null), title, keyboard: false })
        .bindPopup(
          popupOf([
            t('dispatch.order', { number }),
            order.customerName,
            t('dispatch.fromStore', { store: order.storeName }),
            ...(order.waited ? [t('dispatch.waitingForExecutive', { elapsed: order.waited })] : []),
          ]),
        )
        .addTo(group);
    }
  }, [orders, t]);

  useEffect(() => {
    const group = layersRef.current?.executives;
    if (!group) return;
    const markers = executiveMarkers.current;
    const shown = new Set<string>();
    for (const executive of executives) {
      shown.add(executive.id);
      const popup = popupOf([
        executive.name,
        executive.seenAt
          ? t('dispatch.lastSeen', { time: dateTime(executive.seenAt, timeZone) })
          : t('dispatch.notSeenYet'),
        t('dispatch.openOrdersCount', {
          count: executive.openOrders,
          n: String(executive.openOrders),
        }),
      ]);
      const existing = markers.get(executive.id);
      if (existing) {
        existing.setLatLng([executive.lat, executive.lng]);
        existing.setPopupContent(popup);
        continue;
      }
      const marker = L.marker([executive.lat, executive.lng], {
        icon: executiveIcon(executive.name),
        title: executive.name,
        zIndexOffset: 1000,
      })
        .bindPopup(popup)
        .bindTooltip(executive.name, { permanent: true, direction: 'right', offset: [16, 0] })
        .addTo(group);
      const element = marker.getElement();
      element?.setAttribute('aria-label', executive.name);
      element?.setAttribute('data-testid', 'executive-marker');
      markers.set(executive.id, marker);
    }
    for (const [id, marker] of markers) {
      if (shown.has(id)) continue;
      marker.remove();
      markers.delete(id);
    }
  }, [executives, timeZone, t, dateTime]);

  // Once there is something to show, frame it all; after that the map stays where it is put.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || fitted.current) return;
    const points: L.LatLngTuple[] = [
      ...executives.map((each): L.LatLngTuple => [each.lat, each.lng]),
      ...stores.map((each): L.LatLngTuple => [each.lat, each.lng]),
      ...orders.map((each): L.LatLngTuple => [each.lat, each.lng]),
    ];
    if (points.length === 0) return;
    fitted.current = true;
    map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
  }, [executives, stores, orders]);

  return (
    <Box
      ref={containerRef}
      sx={{
        height: '100%',
        minHeight: 320,
        bgcolor: 'action.hover',
        // Keep the map under the app bar, the drawer and dialogs.
        zIndex: 0,
        position: 'relative',
        '& .dispatch-marker': { background: 'none', border: 0 },
        // The credit line is dark on white in either mode, whichever style sheet came first (Leaflet's
        // is loaded with the map), and its links are underlined, not told apart by colour alone.
        '&.leaflet-container .leaflet-control-attribution': { backgroundColor: '#fff', color: '#333' },
        '&.leaflet-container .leaflet-control-attribution a': {
          color: '#00587a',
          textDecoration: 'underline',
        },
      }}
    />
  );
}
