import type { Customer } from '@storedesk/shared/storefront/customers';
import { config } from '../config.ts';
import { persisted } from '@storedesk/web/persisted';

const slug = config?.slug ?? new URLSearchParams(window.location.search).get('slug') ?? 'dev';
/** Each business's values under its own keys: a phone may hold several shops. */
const key = (name: string) => `storedesk:${slug}:${name}`;

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

/** Where the customer wants things delivered: a point and what to call it. */
export type Place = { lat: number; lng: number; label: string; addressId?: string };
export const place = persisted<Place | null>(key('place'), null);

/** A line of the cart: `veg` is unknown for a line copied from an old order. */
export type CartLine = { itemId: string; name: string; pricePaise: number; veg?: boolean; quantity: number };
/** One store's cart: a cart holds what one store sells. */
export type Cart = { storeId: string; storeName: string; lines: CartLine[]; couponCode: string };
export const cart = persisted<Cart | null>(key('cart'), null);

/**
 * What the customer chose at checkout and has not yet ordered with: the address, the way to pay
 * and the note survive going back to the shop and returning, and go with the order once placed.
 */
export type CheckoutDraft = { addressId?: string; paymentMode?: string; note?: string };
export const checkoutDraft = persisted<CheckoutDraft>(key('checkout'), {});

export const emptyCart = (storeId: string, storeName: string): Cart => ({
  storeId,
  storeName,
  lines: [],
  couponCode: '',
});

/** The cart with `quantity` of the item (0 removes it); a cart of another store is replaced. */
export function withQuantity(
  current: Cart | null,
  store: { id: string; name: string },
  item: Omit<CartLine, 'quantity'>,
  quantity: number,
): Cart | null {
  const base = current && current.storeId === store.id ? current : emptyCart(store.id, store.name);
  const others = base.lines.filter((line) => line.itemId !== item.itemId);
  const at = base.lines.findIndex((line) => line.itemId === item.itemId);
  const lines =
    quantity <= 0
      ? others
      : at === -1
        ? [...base.lines, { ...item, quantity }]
        : base.lines.map((line) => (line.itemId === item.itemId ? { ...line, quantity } : line));
  return lines.length === 0 ? null : { ...base, lines };
}

export const cartCount = (value: Cart | null) =>
  value?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
