import type { LiveEvent } from '@storedesk/shared/events/schemas';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@/testing/fake-event-source.ts';
import { adminSession, listOf, storeFixture, zones } from '@/testing/fixtures.ts';
import { json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const store = storeFixture();
const row = {
  storeId: store.id,
  storeName: store.name,
  itemId: 'd0000000-0000-4000-8000-000000000001',
  itemName: 'Paneer',
  variantId: 'e0000000-0000-4000-8000-000000000001',
  variantLabel: '',
  stepGrams: null,
  stock: 4,
  lowStockAt: 5,
};

const orderPlaced: LiveEvent = {
  id: '7',
  topic: 'orders',
  action: 'created',
  recordId: 'f0000000-0000-4000-8000-000000000001',
  zoneId: null,
  at: '2026-11-29T10:00:00.000Z',
};

describe('the low stock list', () => {
  it('is read again when an order is placed or cancelled: orders take and give back stock', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let left = 4;
    const api = mockApi({
      'GET /api/auth/session': sessionHandler(adminSession),
      'GET /api/zones': () => json(200, listOf(zones)),
      'GET /api/stock/low': () => json(200, listOf([{ ...row, stock: left }], 1)),
    });
    renderApp('/low-stock');
    expect(await screen.findByText('Paneer')).toBeInTheDocument();
    const stream = FakeEventSource.instances.at(-1)!;
    act(() => stream.open());
    const reads = api.callsTo('GET /api/stock/low').length;

    left = 1;
    act(() => stream.send(orderPlaced));
    await waitFor(() => expect(api.callsTo('GET /api/stock/low').length).toBeGreaterThan(reads));
    expect(await screen.findByRole('cell', { name: '1' })).toBeInTheDocument();
  });
});
