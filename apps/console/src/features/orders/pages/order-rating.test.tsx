/**
 * The customer's rating on the order's page (B19, ADR 0078): the stars, the comment and when, a low
 * one marked with the phone to call back, nothing until the customer rates.
 */
import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { orderChangeOf } from '@storedesk/shared/orders/changes';
import { OrderStatus } from '@storedesk/shared/orders';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { act, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/lib/live-events.ts';
import { adminSession } from '@/testing/fixtures.ts';
import { mockApi } from '@/testing/mock-api.ts';
import { orderFixture, ordersServer, ravi } from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

beforeAll(() => loadScreensOf('/orders/any'), LOADING_SCREENS_MS);

/** A delivered order, as one a customer may rate. */
const delivered = (changes: Partial<OrderDetail> = {}) =>
  orderFixture({ status: OrderStatus.Delivered, dexId: ravi.id, dexName: ravi.name, ...changes });

function renderOrder(order: OrderDetail) {
  const server = ordersServer([order], adminSession);
  const api = mockApi(server.handlers);
  return { ...renderApp(`/orders/${order.id}`), api, server };
}

const ratingCard = () => screen.findByRole('region', { name: 'Customer’s rating' });

async function noAxeFindings(element: HTMLElement) {
  const { violations } = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
  ).toEqual([]);
}

describe('the customer’s rating on the order page', () => {
  it('shows the stars once to a screen reader, the comment in quotes and when, in the business’s time zone', async () => {
    renderOrder(
      delivered({
        rating: {
          stars: 4,
          comment: 'Fresh and on time',
          executiveStars: null,
          ratedAt: '2026-11-29T06:30:00.000Z',
        },
      }),
    );
    const card = await ratingCard();
    expect(card).toHaveTextContent(
      /^Customer’s rating4 of 5“Fresh and on time”Given on 29\/11\/2026 12:00 PM$/,
    );
    // The stars drawn and "4 of 5" are one image with one name.
    const stars = within(card).getByRole('img', { name: 'Rated 4 of 5' });
    expect(stars).toHaveTextContent('4 of 5');
    expect(within(card).queryByText(/Low rating/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    await noAxeFindings(card);
  });

  it('marks a low rating with a warning and the customer’s phone to call', async () => {
    renderOrder(
      delivered({
        rating: { stars: 2, comment: null, executiveStars: null, ratedAt: '2026-11-29T14:05:00.000Z' },
      }),
    );
    const card = await ratingCard();
    expect(within(card).getByRole('img', { name: 'Rated 2 of 5' })).toBeInTheDocument();
    const warning = within(card).getByRole('alert');
    expect(warning).toHaveClass('MuiAlert-colorWarning');
    expect(warning).toHaveTextContent(/^Low rating — call the customer\+91-9812345678$/);
    expect(within(warning).getByRole('link', { name: 'Call Asha Rao, +91-9812345678' })).toHaveAttribute(
      'href',
      'tel:+91-9812345678',
    );
    // No comment: no quotes.
    expect(card).toHaveTextContent(
      /^Customer’s rating2 of 5Given on 29\/11\/2026 07:35 PMLow rating — call the customer\+91-9812345678$/,
    );
    await noAxeFindings(card);
  });

  it('shows the executive’s stars when given (ADR 0084), and marks the rating low by them alone', async () => {
    renderOrder(
      delivered({
        rating: { stars: 5, comment: 'Good', executiveStars: 2, ratedAt: '2026-11-29T06:30:00.000Z' },
      }),
    );
    const card = await ratingCard();
    expect(within(card).getByRole('img', { name: 'Rated 5 of 5' })).toHaveTextContent('5 of 5');
    expect(within(card).getByRole('img', { name: 'Delivery executive: 2 of 5' })).toHaveTextContent(
      'Delivery executive:2 of 5',
    );
    expect(card).toHaveTextContent(
      /^Customer’s rating5 of 5Delivery executive:2 of 5“Good”Given on 29\/11\/2026 12:00 PMLow rating — call the customer\+91-9812345678$/,
    );
    await noAxeFindings(card);
  });

  it('shows the executive’s 5 of 5 as a good rating', async () => {
    renderOrder(
      delivered({
        rating: { stars: 4, comment: null, executiveStars: 5, ratedAt: '2026-11-29T06:30:00.000Z' },
      }),
    );
    const card = await ratingCard();
    expect(card).toHaveTextContent(
      /^Customer’s rating4 of 5Delivery executive:5 of 5Given on 29\/11\/2026 12:00 PM$/,
    );
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing of a rating on an order not rated', async () => {
    renderOrder(delivered());
    await screen.findByRole('list', { name: 'Timeline' });
    expect(screen.queryByRole('region', { name: 'Customer’s rating' })).not.toBeInTheDocument();
    expect(screen.queryByText('Customer’s rating')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it('shows a rating given while the page is open once its event has the order read again, on a phone', async () => {
    setViewportWidth(375);
    const order = delivered();
    const { server, queryClient } = renderOrder(order);
    await screen.findByRole('list', { name: 'Timeline' });
    expect(screen.queryByRole('region', { name: 'Customer’s rating' })).not.toBeInTheDocument();

    server.replace(order.id, {
      rating: {
        stars: 1,
        comment: 'Half the items missing',
        executiveStars: null,
        ratedAt: '2026-11-30T03:00:00.000Z',
      },
      version: order.version + 1,
    });
    const event: LiveEvent = {
      id: '901',
      topic: 'orders',
      action: 'updated',
      recordId: order.id,
      zoneId: order.zoneId,
      at: '2026-11-30T03:00:00.000Z',
    };
    act(() => applyLiveEvent(queryClient, event));

    const card = await ratingCard();
    expect(card).toHaveTextContent(
      /^Customer’s rating1 of 5“Half the items missing”Given on 30\/11\/2026 08:30 AMLow rating — call the customer/,
    );
    await noAxeFindings(screen.getByRole('main'));
  });

  it('shows a rating as its event carries it, without reading the order again', async () => {
    const order = delivered();
    const { api, queryClient } = renderOrder(order);
    await screen.findByRole('list', { name: 'Timeline' });
    const reads = api.callsTo(`GET /api/orders/${order.id}`).length;
    const rated: OrderDetail = {
      ...order,
      rating: { stars: 5, comment: null, executiveStars: null, ratedAt: '2026-11-30T03:00:00.000Z' },
      version: order.version + 1,
      timeline: [
        ...order.timeline,
        {
          id: 9_001,
          fromStatus: null,
          toStatus: null,
          dexName: null,
          note: 'Rated 5 of 5',
          reason: null,
          kind: 'RATING',
          actorName: 'Customer Asha',
          at: '2026-11-30T03:00:00.000Z',
        },
      ],
    };
    act(() =>
      applyLiveEvent(queryClient, {
        id: '902',
        topic: 'orders',
        action: 'updated',
        recordId: order.id,
        zoneId: order.zoneId,
        at: '2026-11-30T03:00:00.000Z',
        change: orderChangeOf(rated),
      }),
    );

    expect(await ratingCard()).toHaveTextContent(/^Customer’s rating5 of 5Given on 30\/11\/2026 08:30 AM$/);
    expect(api.callsTo(`GET /api/orders/${order.id}`)).toHaveLength(reads);
  });
});
