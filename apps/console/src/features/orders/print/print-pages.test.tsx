import type { OrderBill } from '@storedesk/shared/orders/invoice';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { OrderStatus } from '@storedesk/shared/orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/fixtures.ts';
import { json, mockApi } from '@/testing/mock-api.ts';
import { orderFixture, ordersServer } from '@/testing/orders-test-server.ts';
import { renderApp } from '@/testing/render-app.tsx';

/**
 * An order of a 5 kg pack sold under its MRP, a 500 g pack at its MRP, an item of one unnamed
 * variant, and 750 g of onions sold loose (3 steps of 250 g at ₹9.00).
 */
const order: OrderDetail = orderFixture({
  items: [
    {
      itemId: 'i1',
      itemName: 'Aashirvaad atta',
      variantId: 'v1',
      variantLabel: '5 kg',
      mrpPaise: 30_000,
      itemQuantity: 1,
      itemPricePaise: 27_000,
    },
    {
      itemId: 'i1',
      itemName: 'Aashirvaad atta',
      variantId: 'v2',
      variantLabel: '500 g',
      mrpPaise: 3_500,
      itemQuantity: 2,
      itemPricePaise: 3_500,
    },
    {
      itemId: 'i2',
      itemName: 'Paneer',
      variantId: 'v3',
      variantLabel: '',
      itemQuantity: 1,
      itemPricePaise: 9_000,
    },
    {
      itemId: 'i3',
      itemName: 'Onions',
      variantId: 'v4',
      variantLabel: '250 g',
      mrpPaise: 1_000,
      itemQuantity: 3,
      itemPricePaise: 900,
      stepGrams: 250,
    },
  ],
});

function renderPrint(
  path: string,
  of: Partial<Pick<OrderBill, 'invoice' | 'creditNotes'>> & { gstin?: string } = {},
) {
  const server = ordersServer([order], adminSession);
  const { timeline: _timeline, ...rest } = order;
  const bill: OrderBill = {
    business: { name: 'Demo Fresh Mart', logoUrl: null, gstin: of.gstin ?? null, timeZone: 'Asia/Kolkata' },
    store: { name: order.storeName, address: '100 Feet Road', phone: '+91-9876543210' },
    order: { ...rest, items: order.items.map((line) => ({ ...line, gstRate: 5, hsn: null })) },
    invoice: of.invoice ?? null,
    creditNotes: of.creditNotes ?? [],
  };
  mockApi({ ...server.handlers, [`POST /api/orders/${order.id}/bill`]: () => json(200, bill) });
  return renderApp(path);
}

const lineNames = (table: HTMLElement, column: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]!.textContent);

describe('printed order lines', () => {
  it('name the variant on the kitchen ticket, and what a loose line weighs in all', async () => {
    renderPrint(`/orders/${order.id}/print/kitchen`);
    const ticket = await screen.findByRole('article', { name: 'Kitchen ticket' });
    const table = within(ticket).getByRole('table');
    expect(lineNames(table, 0)).toEqual(['1 ×', '2 ×', '1 ×', '']);
    expect(lineNames(table, 1)).toEqual([
      'Aashirvaad atta · 5 kg',
      'Aashirvaad atta · 500 g',
      'Paneer',
      'Onions · 750 g',
    ]);
    // The onions are one item to pack, whatever they weigh.
    expect(within(ticket).getByText(/^5 items ·/)).toBeInTheDocument();
    expect(within(ticket).getByText('If an item is missing: Call me')).toBeInTheDocument();
  });

  it('name the variant on the bill, with the MRP and the saving of a line sold under it', async () => {
    renderPrint(`/orders/${order.id}/print/bill`);
    const bill = await screen.findByRole('article', { name: 'Bill' });
    expect(lineNames(within(bill).getAllByRole('table')[0]!, 0)).toEqual([
      'Aashirvaad atta · 5 kg · MRP ₹300.00 · Save ₹30.00 (10%)',
      'Aashirvaad atta · 500 g',
      'Paneer',
      'Onions · 750 g · MRP ₹10.00 · Save ₹1.00 (10%)',
    ]);
    expect(lineNames(within(bill).getAllByRole('table')[0]!, 1)).toEqual(['1', '2', '1', '3 × 250 g']);
  });
});

describe('the bill of a business with a GSTIN', () => {
  it('is a pro-forma bill with no number before delivery, saying so', async () => {
    renderPrint(`/orders/${order.id}/print/bill`, { gstin: '27AAPFU0939F1ZV' });
    const bill = await screen.findByRole('article', { name: 'Pro-forma bill' });
    expect(within(bill).getByText('PRO-FORMA BILL')).toBeInTheDocument();
    expect(
      within(bill).getByText('Not a tax invoice: the invoice is issued on delivery'),
    ).toBeInTheDocument();
    expect(within(bill).queryByText(/^Invoice no\./)).toBeNull();
  });

  it('is the tax invoice with its number once delivered', async () => {
    renderPrint(`/orders/${order.id}/print/bill`, {
      gstin: '27AAPFU0939F1ZV',
      invoice: {
        number: 42,
        slabs: [{ rate: 5, valuePaise: 100, taxablePaise: 95, cgstPaise: 2, sgstPaise: 3 }],
      },
    });
    const bill = await screen.findByRole('article', { name: 'Tax invoice' });
    expect(within(bill).getByText('TAX INVOICE')).toBeInTheDocument();
    expect(within(bill).getByText('Invoice no. 42')).toBeInTheDocument();
    expect(within(bill).queryByText(/Not a tax invoice/)).toBeNull();
  });
});

describe('a credit note', () => {
  const invoice = {
    number: 42,
    slabs: [
      { rate: 5, valuePaise: 10_500, taxablePaise: 10_000, cgstPaise: 250, sgstPaise: 250 },
      { rate: 18, valuePaise: 14_100, taxablePaise: 11_949, cgstPaise: 1_076, sgstPaise: 1_075 },
    ],
  };
  const note = {
    refundId: 'refund-1',
    number: 'CN/2026-27/3',
    createdAt: '2026-11-29T06:30:00Z',
    amountPaise: 2_460,
    note: 'Soap returned',
    slabs: [
      { rate: 5, valuePaise: 1_050, taxablePaise: 1_000, cgstPaise: 25, sgstPaise: 25 },
      { rate: 18, valuePaise: 1_410, taxablePaise: 1_195, cgstPaise: 108, sgstPaise: 107 },
    ],
  };

  it('prints its number, the invoice it is against, the amount and the GST it gives back per rate', async () => {
    renderPrint(`/orders/${order.id}/print/credit-notes/refund-1`, {
      gstin: '27AAPFU0939F1ZV',
      invoice,
      creditNotes: [note],
    });
    const sheet = await screen.findByRole('article', { name: 'Credit note' });
    expect(within(sheet).getByText('Credit note no. CN/2026-27/3')).toBeInTheDocument();
    expect(
      within(sheet).getByText(`Against tax invoice no. 42 · Order #${order.number}`),
    ).toBeInTheDocument();
    expect(within(sheet).getByText('29/11/2026 12:00 PM')).toBeInTheDocument();
    expect(within(sheet).getByText('Soap returned')).toBeInTheDocument();
    const [amount, gst] = within(sheet).getAllByRole('table');
    expect(within(amount!).getByRole('row')).toHaveTextContent('Refunded₹24.60');
    expect(
      within(gst!)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RateTaxableCGSTSGST', '5%₹10.00₹0.25₹0.25', '18%₹11.95₹1.08₹1.07', 'Total₹21.95₹1.33₹1.32']);
  });

  it('says so for a refund without one', async () => {
    renderPrint(`/orders/${order.id}/print/credit-notes/refund-9`, {
      gstin: '27AAPFU0939F1ZV',
      invoice,
      creditNotes: [note],
    });
    expect(
      await screen.findByText('This refund has no credit note: it was made before the order’s tax invoice.'),
    ).toBeInTheDocument();
  });
});

describe('the kitchen ticket in the console’s language', () => {
  /** Booked for 09:00 to 12:00 in Kolkata on Tuesday 1 December 2026, with a note, cancelled. */
  const booked: OrderDetail = {
    ...order,
    slot: { startsAt: '2026-12-01T03:30:00Z', endsAt: '2026-12-01T06:30:00Z' },
    note: 'Ring twice',
    status: OrderStatus.Cancelled,
  };

  function renderTicket(language: 'en' | 'hi') {
    localStorage.setItem('storedesk:console:language', JSON.stringify(language));
    mockApi(ordersServer([booked], adminSession).handlers);
    return renderApp(`/orders/${booked.id}/print/kitchen`);
  }

  it('says in English when it is to be delivered and that it was cancelled', async () => {
    renderTicket('en');
    const ticket = await screen.findByRole('article', { name: 'Kitchen ticket' });
    expect(within(ticket).getByText('Deliver: Tue 01/12, 09:00 AM – 12:00 PM')).toBeInTheDocument();
    expect(within(ticket).getByText('CANCELLED')).toBeInTheDocument();
    expect(within(ticket).getByRole('heading', { name: 'Note' })).toBeInTheDocument();
    expect(document.title).toBe(`Kitchen ticket #${booked.number}`);
  });

  it('is in Hindi, toolbar and ticket, for a console shown in Hindi', async () => {
    renderTicket('hi');
    const ticket = await screen.findByRole('article', { name: 'किचन टिकट' });
    const toolbar = screen.getByRole('toolbar', { name: 'प्रिंटिंग' });
    expect(within(toolbar).getByRole('link', { name: 'ऑर्डर पर वापस' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'प्रिंट करें' })).toBeEnabled();
    const paper = within(toolbar).getByRole('group', { name: 'कागज़' });
    expect(
      within(paper)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['80 mm रोल', 'A4']);
    expect(within(ticket).getByRole('heading', { level: 1 })).toHaveTextContent('किचन टिकट');
    expect(
      within(ticket)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['मात्रा', 'आइटम']);
    expect(lineNames(within(ticket).getByRole('table'), 0)).toEqual(['1 ×', '2 ×', '1 ×', '']);
    expect(within(ticket).getByText(`5 आइटम · ${booked.customerName}`)).toBeInTheDocument();
    expect(within(ticket).getByText('अगर कोई सामान न मिले: मुझे कॉल करें')).toBeInTheDocument();
    expect(within(ticket).getByText('रद्द')).toBeInTheDocument();
    expect(within(ticket).getByRole('heading', { name: 'नोट' })).toBeInTheDocument();
    expect(within(ticket).getByText('डिलीवरी: मंगल 01/12, 09:00 am – 12:00 pm')).toBeInTheDocument();
    expect(document.title).toBe(`किचन टिकट #${booked.number}`);
  });

  it('leaves the bill in English, the customer’s and the tax office’s document, under a Hindi toolbar', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderPrint(`/orders/${order.id}/print/bill`);
    const bill = await screen.findByRole('article', { name: 'Bill' });
    expect(
      within(bill)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Qty', 'Price', 'Amount']);
    expect(screen.getByRole('toolbar', { name: 'प्रिंटिंग' })).toBeInTheDocument();
  });
});
