import type { IfMissing } from '@storedesk/shared/orders/if-missing';
import { itemsOfLine } from '@storedesk/shared/catalogue/variants';
import type { Customer } from '@storedesk/shared/storefront/customers';
import { config } from '../config.ts';
import { persisted } from '@storedesk/web/persisted';

const slug = config?.slug ?? new URLSearchParams(window.location.search).get('slug') ?? 'dev';
/** Each business's values under its own keys: a phone may hold several shops. */
export const key = (name: string) => `storedesk:${slug}:${name}`;

/** The app's own random id of this device, made once (ADR 0058): a first-order offer is given once a device. */
const device = persisted<string | null>(key('device'), null);
export function deviceId(): string {
  let id = device.get();
  if (!id) {
    // randomUUID needs a secure context; getRandomValues does not (a shop on plain http on a LAN).
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    device.set(id);
  }
  return id;
}

/** The signed-in customer and their token, or null. */
export const session = persisted<{ token: string; customer: Customer } | null>(key('session'), null);

/**
 * Where the customer wants things delivered: a point and what to call it (a saved address's label
 * and text, or one of the two names below, which the app shows in the language of the moment).
 */
export type Place = { lat: number; lng: number; label: string; addressId?: string };
/** The name kept for the phone's own location, and for a point pinned on the map. */
export const placeFound = 'Your current location';
export const placePinned = 'Pinned on the map';
export const place = persisted<Place | null>(key('place'), null);

/**
 * A line of the cart: one variant of an item (B17). `name` is the item's (in English; the cart shows
 * `nameHi` or `nameKn` in those languages where given), `variantLabel` its pack
 * size ("5 kg"; empty for an item's only variant). A line kept from before variants, or copied from
 * an order placed before them, has no `variantId`: the server takes such a line for an item with one
 * variant, and the store page names its variant once it has the catalogue (`withVariantsNamed`).
 * `veg` is unknown for a line copied from an old order. A variant sold loose has `stepGrams` (and,
 * from the store page, `maxGrams`): `quantity` counts its steps, `pricePaise` is a step's and
 * `variantLabel` names the step ("250 g"), as an order's line does.
 */
export type CartLine = {
  itemId: string;
  variantId?: string;
  variantLabel?: string;
  name: string;
  /** The item's name in Hindi and in Kannada from the catalogue (ADR 0085); none on a line kept or copied from an order. */
  nameHi?: string | null;
  nameKn?: string | null;
  pricePaise: number;
  veg?: boolean;
  stepGrams?: number;
  maxGrams?: number;
  quantity: number;
};
/** One store's cart: a cart holds what one store sells. */
export type Cart = { storeId: string; storeName: string; lines: CartLine[]; couponCode: string };
export const cart = persisted<Cart | null>(key('cart'), null);

/**
 * What the customer chose at checkout and has not yet ordered with: the address, the way to pay,
 * the note and when to deliver survive going back to the shop (or signing in) and returning, and
 * go with the order once placed. `when` is as soon as possible or a slot of the store's (B19),
 * `slotId` that slot, sent only while the store still offers it.
 */
export type CheckoutDraft = {
  addressId?: string;
  paymentMode?: string;
  note?: string;
  ifMissing?: IfMissing;
  when?: 'asap' | 'slot';
  slotId?: string;
};
export const checkoutDraft = persisted<CheckoutDraft>(key('checkout'), {});

export const emptyCart = (storeId: string, storeName: string): Cart => ({
  storeId,
  storeName,
  lines: [],
  couponCode: '',
});

/** Which line of the cart a line is: its item and its variant (none for a line from before variants). */
export const lineKey = (line: { itemId: string; variantId?: string | undefined }) =>
  `${line.itemId}/${line.variantId ?? ''}`;

/** The cart with `quantity` of the item's variant (0 removes the line); a cart of another store is replaced. */
export function withQuantity(
  current: Cart | null,
  store: { id: string; name: string },
  item: Omit<CartLine, 'quantity'>,
  quantity: number,
): Cart | null {
  const base = current && current.storeId === store.id ? current : emptyCart(store.id, store.name);
  const wanted = lineKey(item);
  const at = base.lines.findIndex((line) => lineKey(line) === wanted);
  const lines =
    quantity <= 0
      ? base.lines.filter((line) => lineKey(line) !== wanted)
      : at === -1
        ? [...base.lines, { ...item, quantity }]
        : base.lines.map((line, index) => (index === at ? { ...line, quantity } : line));
  return lines.length === 0 ? null : { ...base, lines };
}

/**
 * The cart with each line that names no variant given its item's only one, from the store's
 * catalogue (a cart kept from before variants): the store page then finds the line under its
 * variant. A line whose item has several variants is left as it is, for the customer to choose;
 * a line that comes to name a variant already in the cart joins that line. The same cart when
 * nothing changes.
 */
export function withVariantsNamed(
  current: Cart | null,
  storeId: string,
  items: ReadonlyArray<{ id: string; variants?: ReadonlyArray<{ id: string; label: string }> }>,
): Cart | null {
  if (!current || current.storeId !== storeId) return current;
  const only = new Map<string, { id: string; label: string }>();
  for (const item of items) if (item.variants?.length === 1) only.set(item.id, item.variants[0]!);
  const oldLines = current.lines.filter((line) => line.variantId === undefined && only.has(line.itemId));
  if (oldLines.length === 0) return current;
  const lines: CartLine[] = [];
  for (const line of current.lines) {
    const variant = line.variantId === undefined ? only.get(line.itemId) : undefined;
    const named = variant ? { ...line, variantId: variant.id, variantLabel: variant.label } : line;
    const at = lines.findIndex((each) => lineKey(each) === lineKey(named));
    if (at === -1) lines.push(named);
    else lines[at] = { ...lines[at]!, quantity: lines[at]!.quantity + named.quantity };
  }
  return { ...current, lines };
}

/** How many items the cart holds: a pack line's count, and one for a loose line whatever it weighs. */
export const cartCount = (value: Cart | null) =>
  value?.lines.reduce((sum, line) => sum + itemsOfLine(line), 0) ?? 0;
