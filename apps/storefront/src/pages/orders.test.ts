import { cleanup, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontOrder } from '@storedesk/shared/storefront/schemas';
import { inLanguage } from '../testing/in-language.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('ordering an order again', () => {
  it('fills the cart with its lines, each with its variant, and a line of an order from before variants without one', async () => {
    vi.resetModules();
    const { reorder } = await import('./orders.tsx');
    const { cart } = await import('../lib/state.ts');
    reorder({
      storeId: 'store-1',
      storeName: 'Near Mart',
      items: [
        {
          itemId: 'atta',
          variantId: 'a5',
          variantLabel: '5 kg',
          itemName: 'Atta',
          itemQuantity: 1,
          itemPricePaise: 27_000,
        },
        { itemId: 'milk', itemName: 'Milk', itemQuantity: 2, itemPricePaise: 3_000 },
        {
          itemId: 'onions',
          variantId: 'o250',
          variantLabel: '250 g',
          itemName: 'Onions',
          itemQuantity: 3,
          itemPricePaise: 900,
          stepGrams: 250,
        },
      ],
    } as StorefrontOrder);
    expect(cart.get()).toEqual({
      storeId: 'store-1',
      storeName: 'Near Mart',
      couponCode: '',
      lines: [
        {
          itemId: 'atta',
          variantId: 'a5',
          variantLabel: '5 kg',
          name: 'Atta',
          pricePaise: 27_000,
          quantity: 1,
        },
        { itemId: 'milk', name: 'Milk', pricePaise: 3_000, quantity: 2 },
        // Sold loose: three steps of 250 g, at a step's price.
        {
          itemId: 'onions',
          variantId: 'o250',
          variantLabel: '250 g',
          name: 'Onions',
          pricePaise: 900,
          stepGrams: 250,
          quantity: 3,
        },
      ],
    });
    expect(window.location.pathname).toBe('/cart');
  });
});

describe('the list of orders', () => {
  it('shows the delivery slot of an order booked for one, on the business’s clock', async () => {
    const order = (id: string, number: number, slot: StorefrontOrder['slot']) =>
      ({
        id,
        number,
        storeId: 'store-1',
        storeName: 'Near Mart',
        placedAt: '2026-11-30T18:00:00+05:30',
        status: 0,
        billAmountPaise: 6_000,
        items: [],
        slot,
      }) as unknown as StorefrontOrder;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/events')
          ? new Response(new ReadableStream(), { status: 200 })
          : new Response(
              JSON.stringify({
                items: [
                  order('o2', 422, {
                    startsAt: '2026-12-01T03:30:00.000Z',
                    endsAt: '2026-12-01T04:30:00.000Z',
                  }),
                  order('o1', 421, null),
                ],
                total: 2,
              }),
              { status: 200 },
            ),
      ),
    );
    vi.resetModules();
    const { default: OrdersPage } = await import('./orders.tsx');
    const { session } = await import('../lib/state.ts');
    const { BusinessContext } = await import('../business.ts');
    session.set({ token: 't1', customer: { id: 'c1', name: 'Asha', phone: '9800000001' } } as never);
    render(
      await inLanguage(
        createElement(
          BusinessContext.Provider,
          { value: { timeZone: 'Asia/Kolkata', referral: null } as never },
          createElement(OrdersPage),
        ),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Orders' });
    const [booked, asap] = within(list).getAllByRole('listitem');
    expect(within(booked!).getByText(/^Delivery slot/).textContent).toBe(
      'Delivery slot: Tue 01/12, 09:00 AM – 10:00 AM',
    );
    expect(within(asap!).queryByText(/Delivery slot/)).toBeNull();
  });
});

describe('order updates on WhatsApp', () => {
  it('are off until the customer turns them on, which saves it with their account; a refusal is said', async () => {
    const patches: unknown[] = [];
    let refuse = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/events')) return new Response(new ReadableStream(), { status: 200 });
        if (url.endsWith('/account') && init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as { whatsappUpdates: boolean };
          patches.push(body);
          if (refuse)
            return new Response(
              JSON.stringify({ error: { code: 'conflict', message: 'Try again in a moment' } }),
              { status: 409 },
            );
          return new Response(
            JSON.stringify({
              id: 'c1',
              name: 'Asha',
              phone: '9800000001',
              referralCode: 'ABCDEFGH23',
              referred: false,
              language: 'en',
              whatsappUpdates: body.whatsappUpdates,
            }),
            { status: 200 },
          );
        }
        return new Response(JSON.stringify({ items: [], total: 0 }), { status: 200 });
      }),
    );
    vi.resetModules();
    const { default: OrdersPage } = await import('./orders.tsx');
    const { session } = await import('../lib/state.ts');
    const { BusinessContext } = await import('../business.ts');
    session.set({
      token: 't1',
      customer: { id: 'c1', name: 'Asha', phone: '9800000001', whatsappUpdates: false },
    } as never);
    render(
      await inLanguage(
        createElement(
          BusinessContext.Provider,
          { value: { timeZone: 'Asia/Kolkata', referral: null } as never },
          createElement(OrdersPage),
        ),
      ),
    );
    const choice = (await screen.findByRole('checkbox', {
      name: 'Order updates on WhatsApp',
    })) as HTMLInputElement;
    expect(choice.checked).toBe(false);
    expect(document.getElementById(choice.getAttribute('aria-describedby')!)!.textContent).toBe(
      'We send your order’s news to this phone’s WhatsApp when the shop sends updates. Turn it off at any time.',
    );
    choice.click();
    await vi.waitFor(() => expect(choice.checked && !choice.disabled).toBe(true));
    expect(patches).toEqual([{ whatsappUpdates: true }]);
    expect(session.get()!.customer.whatsappUpdates).toBe(true);

    refuse = true;
    choice.click();
    expect((await screen.findByRole('alert')).textContent).toBe('Try again in a moment');
    expect(choice.checked).toBe(true);
    expect(patches).toEqual([{ whatsappUpdates: true }, { whatsappUpdates: false }]);
  });
});
