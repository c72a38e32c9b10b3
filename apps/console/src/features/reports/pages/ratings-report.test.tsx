/**
 * The Ratings tab of the reports (B19, ADR 0078): the period's ratings in all, per store, per
 * executive, and the low ones with their orders, for the period and zone of the page.
 */
import type { RatingsReport } from '@storedesk/shared/reports/ratings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownerSession, zones } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, mockApi, sessionHandler } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { setViewportWidth } from '@/testing/viewport.ts';

const ratingsReport: RatingsReport = {
  totals: { rated: 12, starsTotal: 49, low: 2, byStars: [1, 1, 0, 4, 6] },
  stores: [
    {
      storeId: '00000000-0000-4000-8000-000000000a01',
      storeName: 'Indiranagar',
      ...{ rated: 9, starsTotal: 38, low: 1, byStars: [1, 0, 0, 3, 5] },
    },
    {
      storeId: '00000000-0000-4000-8000-000000000a02',
      storeName: null,
      ...{ rated: 3, starsTotal: 11, low: 1, byStars: [0, 1, 0, 1, 1] },
    },
  ],
  executives: [
    {
      executiveId: '00000000-0000-4000-8000-000000000b01',
      executiveName: 'Ravi Kumar',
      // The executive's own stars (ADR 0084), then their orders' own.
      ...{ rated: 8, starsTotal: 34, low: 1, byStars: [1, 0, 0, 2, 5] },
      ...{ orderRated: 9, orderStarsTotal: 36 },
    },
    {
      executiveId: '00000000-0000-4000-8000-000000000b02',
      executiveName: null,
      ...{ rated: 2, starsTotal: 6, low: 1, byStars: [0, 1, 0, 1, 0] },
      ...{ orderRated: 0, orderStarsTotal: 0 },
    },
  ],
  lowRatings: [
    {
      orderId: '00000000-0000-4000-8000-000000000512',
      orderNumber: 512,
      stars: 2,
      executiveStars: null,
      comment: 'Milk was sour',
      ratedAt: '2026-03-10T04:00:00.000Z',
      storeName: null,
      executiveName: null,
    },
    {
      orderId: '00000000-0000-4000-8000-000000000498',
      orderNumber: 498,
      stars: 4,
      executiveStars: 1,
      comment: null,
      ratedAt: '2026-03-09T13:45:00.000Z',
      storeName: 'Indiranagar',
      executiveName: 'Ravi Kumar',
    },
  ],
};

const noRatings: RatingsReport = {
  totals: { rated: 0, starsTotal: 0, low: 0, byStars: [0, 0, 0, 0, 0] },
  stores: [],
  executives: [],
  lowRatings: [],
};

const noSales = {
  orders: 0,
  itemsSold: 0,
  grossPaise: 0,
  discountPaise: 0,
  chargesPaise: 0,
  netPaise: 0,
  cancelled: 0,
};

const period = '09/03/2026 to 10/03/2026';
const ratingsEntry = '/reports?from=2026-03-09&to=2026-03-10&report=ratings';

function renderRatings(ratings: Handler, entry = ratingsEntry) {
  const api = mockApi({
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/zones': () => json(200, { items: zones, total: zones.length }),
    ...Object.fromEntries(zones.map((zone) => [`GET /api/zones/${zone.id}`, () => json(200, zone)])),
    'GET /api/reports/sales': () => json(200, { rows: [], totals: noSales }),
    'GET /api/reports/ratings': ratings,
  });
  return { ...renderApp(entry), api };
}

/** Each term of the figures in all, with its figure. */
function totalsShown() {
  const totals = screen.getByRole('region', { name: 'In all' });
  const terms = within(totals).getAllByRole('term');
  const figures = within(totals).getAllByRole('definition');
  return terms.map((term, at) => `${term.textContent}: ${figures[at]!.textContent}`);
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

const spread = (counts: number[]) => ({
  drawn: counts.map((count, at) => `${at + 1}★ ${count}`).join(' · '),
  said: counts.map((count, at) => `${at + 1} star${at === 0 ? '' : 's'}: ${count}`).join(', '),
});

async function noAxeFindings(element: HTMLElement) {
  const { violations } = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`),
  ).toEqual([]);
}

beforeAll(() => loadScreensOf('/reports'), LOADING_SCREENS_MS);
beforeEach(() => {
  // jsdom draws no canvas: the sales chart's context is none, as in a browser that refuses canvas.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('the ratings report', () => {
  it('asks for the period and the owner’s zone, and gives the figures, each store and executive, and the low ratings', async () => {
    localStorage.setItem(`storedesk:zone:${ownerSession.user.id}`, 'z2');
    const { api } = renderRatings(() => json(200, ratingsReport));

    const stores = await screen.findByRole('table', { name: `Ratings by store, ${period}` });
    await within(stores).findByRole('rowheader', { name: 'Indiranagar' });
    expect(api.callsTo('GET /api/reports/ratings').at(-1)!.query.toString()).toBe(
      'from=2026-03-09&to=2026-03-10&zoneId=z2',
    );
    expect(screen.getByRole('tab', { name: 'Ratings', selected: true })).toBeInTheDocument();
    expect(totalsShown()).toEqual(['Orders rated: 12', 'Average: 4.1 of 5', 'Low ratings: 2']);

    const indiranagar = spread([1, 0, 0, 3, 5]);
    const deletedStore = spread([0, 1, 0, 1, 1]);
    expect(rowsOf(stores)).toEqual([
      'StoreRatedAverageLowStars 1 to 5',
      `Indiranagar94.2 of 51${indiranagar.drawn}${indiranagar.said}`,
      `Deleted store33.7 of 51${deletedStore.drawn}${deletedStore.said}`,
    ]);
    // The stars given are read as words, not as the drawn line.
    expect(within(stores).getByRole('cell', { name: indiranagar.said })).toBeInTheDocument();

    const executives = screen.getByRole('table', { name: `Ratings by delivery executive, ${period}` });
    const ravi = spread([1, 0, 0, 2, 5]);
    const deletedExecutive = spread([0, 1, 0, 1, 0]);
    expect(rowsOf(executives)).toEqual([
      'Delivery executiveRatedAverageLowStars 1 to 5Orders’ average',
      `Ravi Kumar84.3 of 51${ravi.drawn}${ravi.said}4.0 of 5`,
      `Deleted executive23.0 of 51${deletedExecutive.drawn}${deletedExecutive.said}—`,
    ]);

    const low = screen.getByRole('table', { name: `Low ratings, ${period}` });
    expect(rowsOf(low)).toEqual([
      'WhenOrderStarsCommentStoreDelivery executive',
      '10/03/2026 09:30 AM#5122 of 5“Milk was sour”Deleted store—',
      '09/03/2026 07:15 PM#4984 of 5, delivery 1 of 5—IndiranagarRavi Kumar',
    ]);
    expect(within(low).getByRole('link', { name: '#512' })).toHaveAttribute(
      'href',
      '/orders/00000000-0000-4000-8000-000000000512',
    );
    // Ratings have no CSV.
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Customers’ ratings of 09\/03\/2026 to 10\/03\/2026/)).toHaveTextContent(
      'A rating is low when the order or its delivery executive got 2 stars or fewer: call the customer.',
    );
    await noAxeFindings(screen.getByRole('main'));
  });

  it('opens from its tab, with the period of the page, and keeps the tab in the address', async () => {
    const { api, router } = renderRatings(
      () => json(200, ratingsReport),
      '/reports?from=2026-03-09&to=2026-03-10&groupBy=day',
    );
    await screen.findByRole('table', { name: `Sales by day, ${period}` });
    expect(api.callsTo('GET /api/reports/ratings')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Ratings' }));
    await screen.findByRole('table', { name: `Low ratings, ${period}` });
    expect(api.callsTo('GET /api/reports/ratings').at(-1)!.query.toString()).toBe(
      'from=2026-03-09&to=2026-03-10',
    );
    expect(new URLSearchParams(router.state.location.search).get('report')).toBe('ratings');
    // No grouping for ratings.
    expect(screen.queryByRole('combobox', { name: 'Group by' })).toBeNull();
  });

  it('shows grey rows while the report loads', async () => {
    renderRatings(() => new Promise<Response>(() => {}));
    const stores = await screen.findByRole('table', { name: `Ratings by store, ${period}` });
    // Only the head is read out: the grey rows are hidden from assistive technology.
    expect(within(stores).getAllByRole('row')).toHaveLength(1);
    expect(stores.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(3);
    expect(screen.getByRole('table', { name: `Low ratings, ${period}` })).toBeInTheDocument();
    expect(screen.queryByText('No ratings in this period.')).not.toBeInTheDocument();
  });

  it('says when the period has no ratings: no average, no tables', async () => {
    renderRatings(() => json(200, noRatings));
    expect(await screen.findByText('No ratings in this period.')).toBeInTheDocument();
    expect(totalsShown()).toEqual(['Orders rated: 0', 'Average: —', 'Low ratings: 0']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says what failed, and retries', async () => {
    let fail = true;
    const { api } = renderRatings(() =>
      fail ? apiError(500, 'internal', 'Something went wrong') : json(200, ratingsReport),
    );
    expect(await screen.findByText('Could not load the report')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    const low = await screen.findByRole('table', { name: `Low ratings, ${period}` });
    await within(low).findByRole('link', { name: '#512' });
    expect(screen.queryByText('Could not load the report')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/reports/ratings')).toHaveLength(2);
  });

  it('fits a phone: each row’s figures named in one cell, with no axe findings', async () => {
    setViewportWidth(375);
    renderRatings(() => json(200, ratingsReport));
    const stores = await screen.findByRole('table', { name: `Ratings by store, ${period}` });
    const indiranagar = await within(stores).findByRole('rowheader', { name: /^Indiranagar/ });
    const terms = within(indiranagar).getAllByRole('term');
    const figures = within(indiranagar).getAllByRole('definition');
    expect(terms.map((term, at) => `${term.textContent}: ${figures[at]!.textContent}`)).toEqual([
      'Rated: 9',
      'Average: 4.2 of 5',
      'Low: 1',
      `Stars 1 to 5: ${spread([1, 0, 0, 3, 5]).drawn}${spread([1, 0, 0, 3, 5]).said}`,
    ]);
    // No table scrolls sideways on a phone: none is a stop of the keyboard's.
    for (const region of screen.getAllByRole('region', { name: /, table$/ })) {
      expect(region).not.toHaveAttribute('tabindex');
    }
    const low = screen.getByRole('table', { name: `Low ratings, ${period}` });
    expect(rowsOf(low)).toEqual([
      'Order #512 · 2 of 510/03/2026 09:30 AMDeleted store · —“Milk was sour”',
      'Order #498 · 4 of 5, delivery 1 of 509/03/2026 07:15 PMIndiranagar · Ravi Kumar',
    ]);
    await noAxeFindings(screen.getByRole('main'));
  });
});

describe('the ratings report in the language chosen', () => {
  it('speaks Hindi: the figures in all, each store and executive, and the low ratings', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderRatings(() => json(200, ratingsReport));
    const shown = '09/03/2026 से 10/03/2026';
    const stores = await screen.findByRole('table', { name: `स्टोर के हिसाब से रेटिंग, ${shown}` });
    await within(stores).findByRole('rowheader', { name: 'Indiranagar' });
    expect(screen.getByRole('tab', { name: 'रेटिंग', selected: true })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'कुल मिलाकर' });
    expect(
      within(totals)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['रेटिंग वाले ऑर्डर', 'औसत', 'कम रेटिंग']);
    expect(within(totals).getByText('5 में से 4.1')).toBeInTheDocument();
    const said = '1 स्टार: 0, 2 स्टार: 1, 3 स्टार: 0, 4 स्टार: 1, 5 स्टार: 1';
    expect(rowsOf(stores)).toEqual([
      'स्टोररेटिंग मिलीऔसतकमस्टार 1 से 5',
      expect.stringMatching(/^Indiranagar95 में से 4\.21/),
      `हटाया गया स्टोर35 में से 3.71${'1★ 0 · 2★ 1 · 3★ 0 · 4★ 1 · 5★ 1'}${said}`,
    ]);
    const executives = screen.getByRole('table', { name: `डिलीवरी एग्ज़ीक्यूटिव के हिसाब से रेटिंग, ${shown}` });
    expect(rowsOf(executives)[0]).toBe('डिलीवरी एग्ज़ीक्यूटिवरेटिंग मिलीऔसतकमस्टार 1 से 5ऑर्डर का औसत');
    expect(within(executives).getByRole('rowheader', { name: 'हटाया गया एग्ज़ीक्यूटिव' })).toBeInTheDocument();
    const low = screen.getByRole('table', { name: `कम रेटिंग, ${shown}` });
    const lowRows = rowsOf(low);
    expect(lowRows[0]).toBe('कबऑर्डरस्टारटिप्पणीस्टोरडिलीवरी एग्ज़ीक्यूटिव');
    expect(lowRows[1]).toMatch(/#5125 में से 2“Milk was sour”हटाया गया स्टोर—$/);
    expect(lowRows[2]).toMatch(/#4985 में से 4, डिलीवरी 5 में से 1—IndiranagarRavi Kumar$/);
    expect(screen.getByRole('heading', { level: 2, name: 'कम रेटिंग' })).toBeInTheDocument();
  });

  it('speaks Hindi when the period has no ratings', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    renderRatings(() => json(200, noRatings));
    expect(await screen.findByText('इस अवधि में कोई रेटिंग नहीं।')).toBeInTheDocument();
    expect(
      screen.getByText(
        'ग्राहक डिलीवरी के बाद ऑर्डर को रेटिंग देते हैं; रेटिंग उसी दिन गिनी जाती है जिस दिन आख़िरी बार दी गई।',
      ),
    ).toBeInTheDocument();
  });
});
