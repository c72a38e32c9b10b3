/**
 * Which stores can take a customer's order (ADR 0037): a store delivers to the
 * points within its delivery radius, and takes orders while it is Open and
 * inside its daily hours on the business's clock. The server decides with
 * these rules; the customer app shows what they answered.
 */
import { businessClock, formatTimeOfDay, withinWindow } from '../dates.ts';
import { StoreStatus } from '../stores/schemas.ts';
import { hoursOn, specialDayMessages, type SpecialDay } from '../stores/special-days.ts';

export type GeoPoint = { lat: number; lng: number };

const earthRadiusKm = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the customer app shows it: km to one decimal place. */
export const roundKm = (km: number) => Math.round(km * 10) / 10;

/**
 * The latitudes and longitudes within `km` of a point, as a box: every point
 * at that distance or nearer is inside it (the box is a little larger than the
 * circle, so the database can narrow with it and `distanceKm` decides). Near a
 * pole or across the antimeridian the box takes every longitude.
 */
export function boundingBox(center: GeoPoint, km: number) {
  const dLat = (km / earthRadiusKm) * (180 / Math.PI);
  const minLat = Math.max(-90, center.lat - dLat);
  const maxLat = Math.min(90, center.lat + dLat);
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const cos = Math.cos(radians(widest));
  const dLng =
    cos <= 1e-9 ? 180 : Math.asin(Math.min(1, Math.sin(km / earthRadiusKm) / cos)) * (180 / Math.PI);
  const wraps = dLng >= 180 || center.lng - dLng < -180 || center.lng + dLng > 180;
  return {
    minLat,
    maxLat,
    minLng: wraps ? -180 : center.lng - dLng,
    maxLng: wraps ? 180 : center.lng + dLng,
  };
}

/** Whether a store at `store` with this radius delivers to `point`. */
export function deliversTo(store: GeoPoint & { deliveryRadiusKm: number }, point: GeoPoint): boolean {
  return distanceKm(store, point) <= store.deliveryRadiusKm;
}

/** What the hours rule needs of a store: its status, its daily hours ("HH:mm") and its special days (B19). */
export type StoreHours = {
  status: number;
  openTime: string;
  closeTime: string;
  specialDays?: readonly SpecialDay[] | null;
};

/** Messages of a store that cannot take an order now. */
export const serviceabilityMessages = {
  storeNotOpen: 'This store is not taking orders right now',
  closedNow: (openTime: string, closeTime: string) =>
    `This store is closed now. It takes orders from ${formatTimeOfDay(openTime)} to ${formatTimeOfDay(closeTime)}`,
  outsideRadius: 'This store does not deliver to this address',
} as const;

/**
 * Why a store cannot take an order now, by part, for words in any language (the customer app's):
 * not Open; closed all today for a reason (a holiday); or outside today's hours, with the reason
 * of today's special hours where they stand in for the usual ones.
 */
export type StoreClosure =
  | { kind: 'notOpen' }
  | { kind: 'closedToday'; reason: string }
  | { kind: 'closedNow'; openTime: string; closeTime: string; reason: string | null };

/**
 * Why a store cannot take an order at `now` on the business's clock, or null
 * when it can: first its status (only Open takes orders), then its hours
 * (both ends included; a close before the open is a night across midnight).
 */
export function closureAt(store: StoreHours, now: Date, timeZone: string): StoreClosure | null {
  if (store.status !== StoreStatus.Open) return { kind: 'notOpen' };
  const { date, minute } = businessClock(now, timeZone);
  // A holiday or special hours of today (B19) stand in for the usual hours.
  const today = hoursOn(store, date);
  if (today.closed) return { kind: 'closedToday', reason: today.reason };
  if (!withinWindow(minute, today.openTime, today.closeTime)) {
    return { kind: 'closedNow', openTime: today.openTime, closeTime: today.closeTime, reason: today.reason };
  }
  return null;
}

/** A closure in English: what the server's refusals and the API's `notice` say. */
export function closureWords(closure: StoreClosure): string {
  switch (closure.kind) {
    case 'notOpen':
      return serviceabilityMessages.storeNotOpen;
    case 'closedToday':
      return specialDayMessages.closedToday(closure.reason);
    case 'closedNow':
      return closure.reason
        ? specialDayMessages.closedNowToday(closure.reason, closure.openTime, closure.closeTime)
        : serviceabilityMessages.closedNow(closure.openTime, closure.closeTime);
  }
}

/** Why a store cannot take an order at `now`, in English, or null when it can. */
export function orderingRefusal(store: StoreHours, now: Date, timeZone: string): string | null {
  const closure = closureAt(store, now, timeZone);
  return closure && closureWords(closure);
}

/** Whether a store takes orders at `now`: the customer app's "open now". */
export const openAt = (store: StoreHours, now: Date, timeZone: string) =>
  orderingRefusal(store, now, timeZone) === null;
