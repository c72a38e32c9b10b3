import { z } from 'zod';
import { OrderStatus } from '../orders.ts';
import { distanceKm, type GeoPoint } from '../storefront/serviceability.ts';

/**
 * The estimated arrival the customer's order page shows (B19, ADR 0079): from the executive's last
 * position, by the roads' usual detour over the straight line, at a city rider's speed, plus the
 * handover at the door. Confirmed: by the store first; picked up: straight to the customer.
 */
export const etaRules = {
  /** A rider's average speed in a city, door to door. */
  kmPerHour: 18,
  /** Roads are this much longer than the straight line, on average. */
  roadFactor: 1.3,
  handoverMinutes: 2,
  /** A position older than this says nothing of where the executive is now. */
  freshMinutes: 10,
} as const;

/**
 * Minutes until the executive reaches the customer, rounded up (at least 1); null when the order is
 * not on its way with an executive, or their position is unknown or stale.
 */
export function etaMinutes(
  order: { status: number; store: GeoPoint; destination: GeoPoint | null },
  executive: { position: GeoPoint | null; seenAt: Date | null },
  now: Date,
): number | null {
  if (order.status !== OrderStatus.Confirmed && order.status !== OrderStatus.PickedUp) return null;
  if (!order.destination || !executive.position || !executive.seenAt) return null;
  if (now.getTime() - executive.seenAt.getTime() > etaRules.freshMinutes * 60_000) return null;
  const km =
    order.status === OrderStatus.PickedUp
      ? distanceKm(executive.position, order.destination)
      : distanceKm(executive.position, order.store) + distanceKm(order.store, order.destination);
  const minutes = ((km * etaRules.roadFactor) / etaRules.kmPerHour) * 60 + etaRules.handoverMinutes;
  return Math.max(1, Math.ceil(minutes));
}

/** The name the customer is shown of their executive: the first word of it. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * The executive of a customer's order while it is on its way (B19): their first name, the number to
 * call (the business's helpline where it has one, which puts the call through; else the
 * executive's), and the estimated arrival in minutes (null when unknown).
 */
export const orderExecutiveSchema = z
  .object({
    firstName: z.string(),
    callNumber: z.string(),
    /** Whether `callNumber` is the business's helpline rather than the executive's own phone. */
    viaHelpline: z.boolean(),
    etaMinutes: z.number().int().nullable(),
    /** When the executive's position was last known; null when never. */
    seenAt: z.string().nullable(),
  })
  .nullable();
export type OrderExecutive = z.infer<typeof orderExecutiveSchema>;
