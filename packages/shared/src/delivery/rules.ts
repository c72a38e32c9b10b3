import type { Theme } from '../auth/schemas.ts';
import type { MapTiles } from '../map/schemas.ts';
import { OrderStatus } from '../orders.ts';

/*
 * The delivery app's rules (B13, ADR 0042), without zod: the app loads none.
 * The server applies the same ones.
 */

/** Where the delivery app is served, and the folder of its own files. */
export const deliverPath = '/deliver';
export const deliverAssetsPath = '/deliver/_app/';

/** The delivery app's page carries its configuration in a `<script type="application/json">` of this id. */
export const deliverConfigElementId = 'deliver-config';

export type DeliverPageConfig = {
  /** The map's tile server (MAP_TILE_URL). */
  tiles: MapTiles;
};

/** The business as the delivery app shows it once an executive is signed in. */
export type DeliverBusiness = { id: string; name: string; theme: Theme; timeZone: string };

/**
 * When the app sends the device's position (B13): only on duty, once it has
 * moved about 50 m since the last one sent, and never more often than every
 * 10 s. The server refuses positions closer together than `serverMinIntervalMs`.
 */
export const positionPolicy = {
  minMoveMeters: 50,
  minIntervalMs: 10_000,
  serverMinIntervalMs: 5_000,
  /** Trail points and positions are kept this long (ADR 0042). */
  retentionDays: 7,
} as const;

export type Position = { lat: number; lng: number };

/** Metres between two points on the earth (haversine). */
export function metersBetween(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a new fix is worth sending, given the last one sent (and when). */
export function shouldSendPosition(
  last: { position: Position; at: number } | null,
  next: Position,
  now: number,
  policy = positionPolicy,
): boolean {
  if (last === null) return true;
  if (now - last.at < policy.minIntervalMs) return false;
  return metersBetween(last.position, next) >= policy.minMoveMeters;
}

/** The one move an executive may make from each status: Confirmed → Picked Up → Delivered, never back, never Cancelled. */
export function executiveNextStatus(status: number): OrderStatus | null {
  if (status === OrderStatus.Confirmed) return OrderStatus.PickedUp;
  if (status === OrderStatus.PickedUp) return OrderStatus.Delivered;
  return null;
}

/** The statuses an executive sends: Picked Up (2) and Delivered (-2). */
export const executiveStatuses = [OrderStatus.PickedUp, OrderStatus.Delivered] as const;

/** The 4 digits the customer's app shows: what the executive types at the door. */
export const deliveryCodePattern = /^\d{4}$/;

/** Wrong delivery codes allowed per order in the sign-in throttle's window (15 minutes), then 429. */
export const deliveryCodeAttempts = 5;

/** Cash an executive collects at the door: the bill of an unpaid cash-on-delivery order, else nothing. */
export function cashToCollectPaise(order: {
  paymentMode: string | null;
  paid: boolean;
  billAmountPaise: number;
}): number {
  return order.paymentMode === 'COD' && !order.paid ? order.billAmountPaise : 0;
}

/** A link that opens a point in the phone's maps app (directions to it). */
export function directionsUrl(point: Position): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;
}

/** Open orders an executive may carry when the business has set no limit (Settings > Order Settings). */
export const defaultMaxOpenOrdersPerExecutive = 5;
/** Minutes an order may wait without an executive before Dispatch highlights it. */
export const defaultDispatchWaitMinutes = 10;

export const deliveryMessages = {
  codeRequired: 'Enter the 4-digit delivery code the customer’s app shows',
  wrongCode: 'That is not this order’s delivery code',
  tooManyCodes: 'Too many wrong codes for this order: try again in a few minutes',
  forwardOnly: 'An order moves forward only: Picked Up, then Delivered',
  cannotCancel: 'Only staff can cancel an order: call the store',
  cashNotCollected: 'Collect the cash before marking the order delivered',
  offDuty: 'Go on duty to share your location',
  tooSoon: 'Positions are taken at most every 5 seconds',
  executiveFull: (limit: number) =>
    `This delivery executive already has ${limit} open order${limit === 1 ? '' : 's'}, the most allowed`,
  offDutyWarning: 'Off duty: they may not see this order until they go on duty',
  settledAlready: 'This day is already settled for this executive',
  nothingToSettle: 'There is no cash to settle for this executive on this day',
} as const;
