import { formatRupees } from '../money.ts';
import { deliveryChargeLabel, type OrderChargeSnapshot } from '../orders/snapshots.ts';

/**
 * A store's own delivery rule (B19, ADR 0081): its minimum order, its delivery fee by the distance
 * from the store (bands from 0 km, each up to the next band's start, the last with no end) and an
 * amount from which delivery is free. A store without one follows the business's order settings.
 * Without zod, so that the customer app's screens can word it.
 */
export type DeliveryFeeBand = { fromKm: number; feePaise: number };
export type StoreDeliveryRule = {
  minimumOrderPaise: number;
  feeBands: DeliveryFeeBand[];
  /** Orders of at least this much (the items' total) are delivered free; null: never. */
  freeFromPaise: number | null;
};

export const deliveryRuleLimits = { bands: { min: 1, max: 10 }, km: { max: 50 } } as const;

/** What the business's order settings say, which a store without a rule follows. */
export type BusinessDeliveryTerms = {
  deliveryChargesEnabled: boolean;
  standardDeliveryChargesPaise: number;
  minimumOrderPaise: number;
};

/** The minimum an order must reach and the delivery charge it bears, with the rule that set them. */
export type DeliveryTerms = { minimumOrderPaise: number; charges: OrderChargeSnapshot[] };

const km = (value: number) => `${Number(value.toFixed(1))}`;

/** A band in words: "0–2 km", "over 5 km"; a single band is "any distance". */
export function bandWords(bands: DeliveryFeeBand[], index: number): string {
  const band = bands[index]!;
  const next = bands[index + 1];
  if (bands.length === 1) return 'any distance';
  if (!next) return `over ${km(band.fromKm)} km`;
  return `${km(band.fromKm)}–${km(next.fromKm)} km`;
}

/** The band a distance falls in: the last that starts at or before it (the first without a distance). */
export function bandFor(bands: DeliveryFeeBand[], distanceKm: number | null): number {
  if (distanceKm === null) return 0;
  let found = 0;
  bands.forEach((band, index) => {
    if (band.fromKm <= distanceKm) found = index;
  });
  return found;
}

/**
 * The terms of an order of `itemsTotalPaise` going `distanceKm` from the store (null: not known
 * yet, as for a cart before its address): the store's rule where it has one, else the business's.
 * The delivery line names the rule it follows ("2–5 km", "free from ₹499.00"), so the quote and
 * the bill show it; the business's own charge keeps no rule, as before stores had one.
 */
export function deliveryTermsFor(
  rule: StoreDeliveryRule | null,
  business: BusinessDeliveryTerms,
  itemsTotalPaise: number,
  distanceKm: number | null,
): DeliveryTerms {
  if (!rule) {
    const charges =
      business.deliveryChargesEnabled && business.standardDeliveryChargesPaise > 0
        ? [{ chargeLabel: deliveryChargeLabel, chargeAmountPaise: business.standardDeliveryChargesPaise }]
        : [];
    return { minimumOrderPaise: business.minimumOrderPaise, charges };
  }
  if (rule.freeFromPaise !== null && itemsTotalPaise >= rule.freeFromPaise) {
    return {
      minimumOrderPaise: rule.minimumOrderPaise,
      charges: [
        {
          chargeLabel: deliveryChargeLabel,
          chargeAmountPaise: 0,
          rule: `free from ${formatRupees(rule.freeFromPaise)}`,
        },
      ],
    };
  }
  const index = bandFor(rule.feeBands, distanceKm);
  return {
    minimumOrderPaise: rule.minimumOrderPaise,
    charges: [
      {
        chargeLabel: deliveryChargeLabel,
        chargeAmountPaise: rule.feeBands[index]!.feePaise,
        rule: bandWords(rule.feeBands, index),
      },
    ],
  };
}

/**
 * A rule's words taken apart, for an app that says them in the customer's language: what
 * `bandWords` and the free-from rule write, read back. Null for words this code did not write
 * (an older order's), which show as they are.
 */
export type RuleParts =
  | { kind: 'any' }
  | { kind: 'band'; fromKm: string; toKm: string }
  | { kind: 'over'; fromKm: string }
  | { kind: 'freeFrom'; amount: string };

export function ruleParts(rule: string): RuleParts | null {
  if (rule === 'any distance') return { kind: 'any' };
  const band = /^(\d+(?:\.\d)?)–(\d+(?:\.\d)?) km$/.exec(rule);
  if (band) return { kind: 'band', fromKm: band[1]!, toKm: band[2]! };
  const over = /^over (\d+(?:\.\d)?) km$/.exec(rule);
  if (over) return { kind: 'over', fromKm: over[1]! };
  const free = /^free from (₹[\d,]+\.\d\d)$/.exec(rule);
  if (free) return { kind: 'freeFrom', amount: free[1]! };
  return null;
}

/** A charge line as a bill shows it: "Delivery charges (2–5 km)". */
export function chargeLineLabel(charge: { chargeLabel: string; rule?: string | undefined }): string {
  return charge.rule ? `${charge.chargeLabel} (${charge.rule})` : charge.chargeLabel;
}

/** What a rule asks of customers, by part, for a line in any language (`deliveryRuleSummary` words it in English). */
export type DeliveryRuleParts = {
  /** Null: no minimum. */
  minimumPaise: number | null;
  fee:
    | { kind: 'free' }
    | { kind: 'flat'; paise: number }
    | { kind: 'range'; lowPaise: number; highPaise: number };
  /** Null: never free, or free already at any amount. */
  freeFromPaise: number | null;
};

export function deliveryRuleParts(rule: StoreDeliveryRule): DeliveryRuleParts {
  const fees = rule.feeBands.map((band) => band.feePaise);
  const low = Math.min(...fees);
  const high = Math.max(...fees);
  return {
    minimumPaise: rule.minimumOrderPaise > 0 ? rule.minimumOrderPaise : null,
    fee:
      high === 0
        ? { kind: 'free' }
        : low === high
          ? { kind: 'flat', paise: low }
          : { kind: 'range', lowPaise: low, highPaise: high },
    freeFromPaise: rule.freeFromPaise !== null && high > 0 ? rule.freeFromPaise : null,
  };
}

/** The rule in a line for customers and staff: "Minimum ₹199.00 · Delivery ₹20.00–₹40.00 by distance · free from ₹499.00". */
export function deliveryRuleSummary(rule: StoreDeliveryRule): string {
  const { minimumPaise, fee, freeFromPaise } = deliveryRuleParts(rule);
  return [
    ...(minimumPaise === null ? [] : [`Minimum ${formatRupees(minimumPaise)}`]),
    fee.kind === 'free'
      ? 'Free delivery'
      : fee.kind === 'flat'
        ? `Delivery ${formatRupees(fee.paise)}`
        : `Delivery ${formatRupees(fee.lowPaise)}–${formatRupees(fee.highPaise)} by distance`,
    ...(freeFromPaise === null ? [] : [`free from ${formatRupees(freeFromPaise)}`]),
  ].join(' · ');
}
