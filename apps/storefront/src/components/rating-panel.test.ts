import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder } from '@storedesk/shared/storefront/schemas';
import { inLanguage } from '../testing/in-language.ts';
import { showOrderPage } from '../testing/order-page.ts';

// The order page and the language layer it shows in, compiled once before the first test's clock runs.
beforeAll(async () => {
  await import('../pages/order.tsx');
  await inLanguage(createElement('main'));
});

beforeEach(() => {
  // The arrow keys' walk through a radio group finds the group by a selector made with CSS.escape, which jsdom lacks.
  vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const hour = 3_600_000;
const day = 24 * hour;

/** Order #421, delivered an hour ago, tipped already: it may be rated for 14 days. */
function deliveredOrder(changes: Partial<CustomerOrder> = {}): CustomerOrder {
  return {
    id: 'o1',
    number: 421,
    storeId: 'store-1',
    storeName: 'Near Mart',
    customerId: 'c1',
    customerName: 'Asha',
    customerPhone: '9800000001',
    placedAt: new Date(Date.now() - 2 * hour).toISOString(),
    status: -2,
    state: 0,
    items: [{ itemId: 'milk', itemName: 'Milk', itemQuantity: 2, itemPricePaise: 3_000 }],
    itemsTotalPaise: 6_000,
    couponCode: null,
    offer: null,
    discountPaise: 0,
    charges: [],
    chargesTotalPaise: 0,
    billAmountPaise: 6_000,
    deliveryAddress: null,
    paymentMode: 'COD',
    paid: true,
    note: null,
    ifMissing: 'CALL',
    deliveryCode: null,
    cancelReason: null,
    refundedPaise: 0,
    upiReference: null,
    payBy: null,
    paymentDuePaise: 0,
    slot: null,
    rating: null,
    storePhone: '9800000000',
    timeline: [{ status: -2, at: new Date(Date.now() - hour).toISOString() }],
    tip: { amountPaise: 2_000, method: 'CASH', paidAt: new Date(Date.now() - hour).toISOString() },
    tipUntil: null,
    ratingUntil: new Date(Date.now() + 14 * day - hour).toISOString(),
    deliveredBy: null,
    executive: null,
    ...changes,
  };
}

const rated = (stars: number, comment: string | null, executiveStars: number | null = null) => ({
  stars,
  comment,
  executiveStars,
  ratedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
});

type Call = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

/**
 * The server of one order: it answers the order as it is, and a rating as `rate` says (by default
 * it takes it, as the server does: the comment trimmed, a blank one none, and answers the order
 * with it); the live stream stays open and quiet. `becomes` changes the order it has.
 */
function serve(
  order: CustomerOrder,
  rate?: (body: { stars: number; comment?: string; executiveStars?: number }) => Answer | Promise<Answer>,
) {
  const calls: Call[] = [];
  let current = order;
  let dropped = 0;
  const server = {
    calls,
    /** The next rating sent never reaches it (the connection dropped). */
    drops: () => {
      dropped++;
    },
    /** The order as the server has it from now on. */
    becomes: (changes: Partial<CustomerOrder>) => {
      current = { ...current, ...changes };
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace('/api/storefront', '');
      if (path === '/events') return new Response(new ReadableStream(), { status: 200 });
      const method = init.method ?? 'GET';
      const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
      calls.push({ method, path, body });
      const reply = (answer: Answer) => new Response(JSON.stringify(answer.body), { status: answer.status });
      if (method === 'GET' && path === `/orders/${order.id}`) return reply({ status: 200, body: current });
      if (method === 'PUT' && path === `/orders/${order.id}/rating`) {
        if (dropped > 0) {
          dropped--;
          throw new TypeError('Failed to fetch');
        }
        const given = body as { stars: number; comment?: string; executiveStars?: number };
        if (rate) return reply(await rate(given));
        current = {
          ...current,
          rating: {
            stars: given.stars,
            comment: given.comment?.trim() || null,
            executiveStars: given.executiveStars ?? null,
            ratedAt: new Date().toISOString(),
          },
        };
        return reply({ status: 200, body: current });
      }
      return reply({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    }),
  );
  return server;
}

/** The order page of the signed-in customer's order, once it has loaded. */
async function openOrder(orderId = 'o1') {
  await showOrderPage(orderId);
  return userEvent.setup();
}

const ratingCalls = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');
const reads = (calls: Call[]) => calls.filter((call) => call.method === 'GET').length;

/** What jsdom can judge: names, roles, ARIA (colours need a browser that draws the page). */
async function axeFindings(where: HTMLElement) {
  const { violations } = await axe.run(where, { rules: { 'color-contrast': { enabled: false } } });
  return violations.map((violation) => violation.id);
}

const starsGroup = (panel: HTMLElement) => within(panel).getByRole('group', { name: 'How many stars?' });
const star = (panel: HTMLElement, name: string) =>
  within(panel).getByRole('radio', { name }) as HTMLInputElement;
const checkedStars = (panel: HTMLElement) =>
  within(starsGroup(panel))
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked)
    .map((radio) => radio.getAttribute('value'));

describe('rating an order after delivery', () => {
  it('is offered while ratingUntil is ahead: five labelled star radios in a fieldset, an optional comment with its count, and Send', async () => {
    serve(deliveredOrder());
    await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    const group = starsGroup(panel);
    expect(group.tagName).toBe('FIELDSET');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => [radio.getAttribute('name'), (radio as HTMLInputElement).checked]),
    ).toEqual(Array(5).fill(['rating-stars', false]));
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
      expect(within(group).getByRole('radio', { name })).toBeTruthy();
    const comment = within(panel).getByLabelText('Comment (optional)');
    expect(comment.tagName).toBe('TEXTAREA');
    expect(comment.getAttribute('maxlength')).toBe('500');
    expect(within(panel).getByText('0 of 500 characters').id).toBe(comment.getAttribute('aria-describedby'));
    expect(within(panel).getByText(/You can rate it, or change your rating, until/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(await axeFindings(panel)).toEqual([]);
  });

  it.each([
    ['ratingUntil has passed', { ratingUntil: new Date(Date.now() - 1_000).toISOString() }],
    ['there is no ratingUntil (not delivered, or too late)', { ratingUntil: null }],
  ])('is not offered, and nothing shows, when %s and there is no rating', async (_, changes) => {
    serve(deliveredOrder(changes));
    await openOrder();
    expect(screen.queryByRole('region', { name: 'Rate your order' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your rating' })).toBeNull();
    expect(screen.queryByText(/rat(e|ing)/i)).toBeNull();
  });

  it('moves along the stars with the arrow keys', async () => {
    serve(deliveredOrder());
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(star(panel, '2 stars'));
    expect(checkedStars(panel)).toEqual(['2']);
    expect(document.activeElement).toBe(star(panel, '2 stars'));
    await user.keyboard('{ArrowRight}');
    expect(checkedStars(panel)).toEqual(['3']);
    expect(document.activeElement).toBe(star(panel, '3 stars'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(checkedStars(panel)).toEqual(['1']);
  });

  it('sends 4 stars and the comment as typed, once, showing progress; then thanks with them, and offers Change', async () => {
    let answer!: (reply: Answer) => void;
    const server = serve(deliveredOrder(), (body) => {
      server.becomes({ rating: rated(body.stars, body.comment!.trim()) });
      return new Promise((resolve) => (answer = resolve));
    });
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });

    await user.click(star(panel, '4 stars'));
    const comment = within(panel).getByLabelText('Comment (optional)');
    await user.type(comment, '  Fresh and on time ');
    expect(within(panel).getByText('20 of 500 characters')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    // Busy while it is sent: nothing can change or be sent twice.
    const busy = within(panel).getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(star(panel, '5 stars').matches(':disabled')).toBe(true);
    expect(comment.matches(':disabled')).toBe(true);
    await user.click(busy);
    expect(ratingCalls(server.calls)).toEqual([
      { method: 'PUT', path: '/orders/o1/rating', body: { stars: 4, comment: '  Fresh and on time ' } },
    ]);

    answer({ status: 200, body: { ...deliveredOrder(), rating: rated(4, 'Fresh and on time') } });
    const given = await screen.findByRole('region', { name: 'Your rating' });
    const thanks = within(given).getByText('Thanks for rating');
    expect(document.activeElement).toBe(thanks);
    expect(within(given).getByText('4 of 5 stars')).toBeTruthy();
    expect(within(given).getByText('“Fresh and on time”')).toBeTruthy();
    expect(within(given).getByText(/You can change it until/)).toBeTruthy();
    expect(within(given).getByRole('button', { name: 'Change' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Rate your order' })).toBeNull();
    expect(ratingCalls(server.calls)).toHaveLength(1);
    expect(await axeFindings(given)).toEqual([]);
  });

  it('sends a blank comment as none: the stars alone', async () => {
    const server = serve(deliveredOrder());
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(star(panel, '5 stars'));
    await user.type(within(panel).getByLabelText('Comment (optional)'), '   ');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(ratingCalls(server.calls)).toEqual([
      { method: 'PUT', path: '/orders/o1/rating', body: { stars: 5 } },
    ]);
    expect(within(given).getByText('5 of 5 stars')).toBeTruthy();
    expect(within(given).queryByText(/“/)).toBeNull();
  });

  it('keeps the comment to one line: a line break typed becomes a space', async () => {
    const server = serve(deliveredOrder());
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(star(panel, '3 stars'));
    const comment = within(panel).getByLabelText('Comment (optional)') as HTMLTextAreaElement;
    await user.type(comment, 'Late{Enter}but fresh');
    expect(comment.value).toBe('Late but fresh');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await screen.findByRole('region', { name: 'Your rating' });
    expect(ratingCalls(server.calls)[0]!.body).toEqual({ stars: 3, comment: 'Late but fresh' });
  });

  it('asks for the stars, and sends nothing, when none is chosen', async () => {
    const server = serve(deliveredOrder());
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const error = within(panel).getByText('Choose from 1 to 5 stars');
    expect(error.getAttribute('role')).toBe('alert');
    expect(starsGroup(panel).getAttribute('aria-describedby')).toBe(error.id);
    expect(ratingCalls(server.calls)).toEqual([]);
    await user.click(star(panel, '1 star'));
    expect(within(panel).queryByText('Choose from 1 to 5 stars')).toBeNull();
  });

  it('changes a rating while ratingUntil is ahead: the form holds it, Keep my rating leaves it, Send replaces it', async () => {
    const server = serve(deliveredOrder({ rating: rated(3, 'A bit late') }));
    const user = await openOrder();
    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(given).getByText('Thanks for rating')).toBeTruthy();
    expect(within(given).getByText('3 of 5 stars')).toBeTruthy();
    expect(within(given).getByText('“A bit late”')).toBeTruthy();

    await user.click(within(given).getByRole('button', { name: 'Change' }));
    let panel = await screen.findByRole('region', { name: 'Rate your order' });
    expect(checkedStars(panel)).toEqual(['3']);
    expect(document.activeElement).toBe(star(panel, '3 stars'));
    expect((within(panel).getByLabelText('Comment (optional)') as HTMLTextAreaElement).value).toBe(
      'A bit late',
    );
    expect(within(panel).getByText('10 of 500 characters')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Keep my rating' }));
    const kept = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(kept).getByText('3 of 5 stars')).toBeTruthy();
    expect(document.activeElement).toBe(within(kept).getByRole('button', { name: 'Change' }));
    expect(ratingCalls(server.calls)).toEqual([]);

    await user.click(within(kept).getByRole('button', { name: 'Change' }));
    panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(checkedStars(panel)).toEqual(['5']);
    await user.clear(within(panel).getByLabelText('Comment (optional)'));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const changed = await screen.findByRole('region', { name: 'Your rating' });
    expect(ratingCalls(server.calls)).toEqual([
      { method: 'PUT', path: '/orders/o1/rating', body: { stars: 5 } },
    ]);
    expect(within(changed).getByText('5 of 5 stars')).toBeTruthy();
    expect(within(changed).queryByText('“A bit late”')).toBeNull();
  });

  it.each([
    ['ratingUntil is null', { ratingUntil: null }],
    ['ratingUntil has passed', { ratingUntil: new Date(Date.now() - 1_000).toISOString() }],
  ])('shows the rating read-only once %s', async (_, changes) => {
    serve(deliveredOrder({ ...changes, rating: rated(2, 'Milk was warm') }));
    await openOrder();
    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(given).getByText('2 of 5 stars')).toBeTruthy();
    expect(within(given).getByText('“Milk was warm”')).toBeTruthy();
    expect(within(given).queryByRole('button')).toBeNull();
    expect(within(given).queryByText(/change it/)).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(await axeFindings(given)).toEqual([]);
  });

  it('shows the server’s word on a field under that field', async () => {
    serve(deliveredOrder(), () => ({
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'Check the rating',
          fields: {
            stars: 'must be a whole number of stars from 1 to 5',
            comment: 'must not contain control characters',
          },
        },
      },
    }));
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(star(panel, '4 stars'));
    await user.type(within(panel).getByLabelText('Comment (optional)'), 'Good');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    const starsError = await within(panel).findByText('must be a whole number of stars from 1 to 5');
    expect(starsGroup(panel).getAttribute('aria-describedby')).toBe(starsError.id);
    expect(star(panel, '4 stars').getAttribute('aria-invalid')).toBe('true');
    const comment = within(panel).getByLabelText('Comment (optional)');
    const commentError = within(panel).getByText('must not contain control characters');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(comment.getAttribute('aria-describedby')?.split(' ')).toEqual([
      'rating-comment-count',
      commentError.id,
    ]);
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(await axeFindings(panel)).toEqual([]);

    // Typing again clears the comment's.
    await user.type(comment, '!');
    expect(within(panel).queryByText('must not contain control characters')).toBeNull();
  });

  it('shows a refusal (too late) in an alert, and the order as it is now', async () => {
    const tooLate = 'An order can be rated up to 14 days after its delivery';
    const server = serve(deliveredOrder(), () => {
      server.becomes({ ratingUntil: null });
      return { status: 409, body: { error: { code: 'conflict', message: tooLate } } };
    });
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    const readsBefore = reads(server.calls);
    await user.click(star(panel, '4 stars'));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    expect((await within(panel).findByRole('alert')).textContent).toBe(tooLate);
    await waitFor(() => expect(reads(server.calls)).toBe(readsBefore + 1));
    // Read again, the order may no longer be rated: the form is gone, the refusal stays.
    await waitFor(() => expect(screen.queryByRole('radio')).toBeNull());
    const after = screen.getByRole('region', { name: 'Rate your order' });
    expect(within(after).getByRole('alert').textContent).toBe(tooLate);
    expect(await axeFindings(after)).toEqual([]);
  });

  it('shows “not delivered” in an alert too', async () => {
    const notDelivered = 'An order can be rated once it is delivered';
    serve(deliveredOrder(), () => ({
      status: 409,
      body: { error: { code: 'conflict', message: notDelivered } },
    }));
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(star(panel, '1 star'));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(notDelivered);
  });

  it('offers Try again when the rating did not reach the server, and sends it again', async () => {
    const server = serve(deliveredOrder());
    server.drops();
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(star(panel, '4 stars'));
    await user.type(within(panel).getByLabelText('Comment (optional)'), 'Quick');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Your rating was not sent: check your connection, then try again.',
    );
    // What was chosen stays.
    expect(checkedStars(panel)).toEqual(['4']);
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(given).getByText('4 of 5 stars')).toBeTruthy();
    expect(ratingCalls(server.calls).map((call) => call.body)).toEqual([
      { stars: 4, comment: 'Quick' },
      { stars: 4, comment: 'Quick' },
    ]);
  });
});

describe('rating the executive with the order (ADR 0084)', () => {
  const byRavi = { deliveredBy: { firstName: 'Ravi' } };
  const executiveGroup = (panel: HTMLElement, name = 'Rate Ravi') =>
    within(panel).getByRole('group', { name });
  const checkedIn = (group: HTMLElement) =>
    within(group)
      .getAllByRole('radio')
      .filter((radio) => (radio as HTMLInputElement).checked)
      .map((radio) => radio.getAttribute('value'));

  it('offers a second row of five stars, “Rate Ravi”, moved along with the arrow keys, and sends its stars', async () => {
    const server = serve(deliveredOrder(byRavi));
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    const group = executiveGroup(panel);
    expect(group.tagName).toBe('FIELDSET');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => [
          radio.getAttribute('name'),
          radio.getAttribute('value'),
          (radio as HTMLInputElement).checked,
        ]),
    ).toEqual([1, 2, 3, 4, 5].map((count) => ['rating-executive-stars', String(count), false]));
    expect(within(group).getByRole('radio', { name: '5 stars' })).toBeTruthy();
    expect(await axeFindings(panel)).toEqual([]);

    await user.click(within(starsGroup(panel)).getByRole('radio', { name: '4 stars' }));
    await user.click(within(group).getByRole('radio', { name: '3 stars' }));
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: '3 stars' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(checkedIn(group)).toEqual(['5']);
    // The order's own stars are unmoved.
    expect(checkedStars(panel)).toEqual(['4']);
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(ratingCalls(server.calls)).toEqual([
      { method: 'PUT', path: '/orders/o1/rating', body: { stars: 4, executiveStars: 5 } },
    ]);
    expect(within(given).getByText('4 of 5 stars')).toBeTruthy();
    expect(within(given).getByText('The delivery: 5 of 5 stars')).toBeTruthy();
    expect(await axeFindings(given)).toEqual([]);
  });

  it('sends no executive stars when none are chosen: they are optional', async () => {
    const server = serve(deliveredOrder(byRavi));
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(within(starsGroup(panel)).getByRole('radio', { name: '2 stars' }));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(ratingCalls(server.calls).map((call) => call.body)).toEqual([{ stars: 2 }]);
    expect(within(given).queryByText(/The delivery/)).toBeNull();
  });

  it('says “Rate the delivery” when the executive’s name is not known', async () => {
    serve(deliveredOrder({ deliveredBy: { firstName: null } }));
    await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    expect(executiveGroup(panel, 'Rate the delivery')).toBeTruthy();
  });

  it('has no second row for an order no executive delivered', async () => {
    serve(deliveredOrder({ deliveredBy: null }));
    await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    // One row of stars (the other group is the form's own fieldset).
    expect(
      within(panel)
        .getAllByRole('group')
        .filter((group) => group.classList.contains('star-field')),
    ).toEqual([starsGroup(panel)]);
    expect(within(panel).getAllByRole('radio')).toHaveLength(5);
    expect(within(panel).queryByText(/Rate Ravi|Rate the delivery/)).toBeNull();
  });

  it('holds the executive’s stars when the rating is changed', async () => {
    serve(deliveredOrder({ ...byRavi, rating: rated(3, null, 2) }));
    const user = await openOrder();
    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(given).getByText('The delivery: 2 of 5 stars')).toBeTruthy();
    await user.click(within(given).getByRole('button', { name: 'Change' }));
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    expect(checkedStars(panel)).toEqual(['3']);
    expect(checkedIn(executiveGroup(panel))).toEqual(['2']);
  });

  it('takes the executive’s stars back with “No rating for Ravi”, and a changed rating is sent without them', async () => {
    const server = serve(deliveredOrder({ ...byRavi, rating: rated(3, null, 2) }));
    const user = await openOrder();
    const given = await screen.findByRole('region', { name: 'Your rating' });
    await user.click(within(given).getByRole('button', { name: 'Change' }));
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    // Only the executive's stars, being optional, can be taken back.
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['No rating for Ravi', 'Send', 'Keep my rating']);

    await user.click(within(panel).getByRole('button', { name: 'No rating for Ravi' }));
    expect(checkedIn(executiveGroup(panel))).toEqual([]);
    expect(document.activeElement).toBe(within(executiveGroup(panel)).getByRole('radio', { name: '1 star' }));
    expect(within(panel).queryByRole('button', { name: 'No rating for Ravi' })).toBeNull();
    expect(checkedStars(panel)).toEqual(['3']);
    expect(await axeFindings(panel)).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const changed = await screen.findByRole('region', { name: 'Your rating' });
    expect(ratingCalls(server.calls).map((call) => call.body)).toEqual([{ stars: 3 }]);
    expect(within(changed).getByText('3 of 5 stars')).toBeTruthy();
    expect(within(changed).queryByText(/The delivery/)).toBeNull();
  });

  it('says “No rating for the delivery” when the executive’s name is not known', async () => {
    serve(deliveredOrder({ deliveredBy: { firstName: null } }));
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    expect(within(panel).queryByRole('button', { name: 'No rating for the delivery' })).toBeNull();
    await user.click(
      within(executiveGroup(panel, 'Rate the delivery')).getByRole('radio', { name: '4 stars' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'No rating for the delivery' }));
    expect(checkedIn(executiveGroup(panel, 'Rate the delivery'))).toEqual([]);
  });

  it('shows the server’s word on the executive’s stars under their row', async () => {
    const message = 'This order was not delivered by an executive, so there is none to rate';
    serve(deliveredOrder(byRavi), () => ({
      status: 400,
      body: {
        error: { code: 'invalid_input', message: 'Check the rating', fields: { executiveStars: message } },
      },
    }));
    const user = await openOrder();
    const panel = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(within(starsGroup(panel)).getByRole('radio', { name: '4 stars' }));
    const group = executiveGroup(panel);
    await user.click(within(group).getByRole('radio', { name: '1 star' }));
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    const error = await within(group).findByText(message);
    expect(error.getAttribute('role')).toBe('alert');
    expect(group.getAttribute('aria-describedby')).toBe(error.id);
    expect(within(group).getByRole('radio', { name: '1 star' }).getAttribute('aria-invalid')).toBe('true');
    expect(starsGroup(panel).getAttribute('aria-describedby')).toBeNull();
    expect(await axeFindings(panel)).toEqual([]);
  });
});
