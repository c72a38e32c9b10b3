import { messages } from '@storedesk/shared/messages';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, mockApi } from '@/testing/mock-api.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';
import { meena, orderFixture, ordersServer, ravi } from '@/testing/orders-test-server.ts';

beforeAll(() => loadScreensOf('/orders/any'), LOADING_SCREENS_MS);

/** The order's page with its Update Order dialog open. */
async function openDialog(order: OrderDetail, overrides: Record<string, Handler> = {}) {
  const server = ordersServer([order], adminSession);
  const api = mockApi({ ...server.handlers, ...overrides });
  const view = renderApp(`/orders/${order.id}`);
  await view.user.click(await screen.findByRole('button', { name: 'Update Order' }));
  const dialog = await screen.findByRole('dialog', { name: `Update Order #${order.number}` });
  return { ...view, api, server, dialog };
}

const statusPosts = (api: { callsTo: (route: string) => { body: unknown }[] }, order: OrderDetail) =>
  api.callsTo(`POST /api/orders/${order.id}/status`);

describe('Update Order dialog', () => {
  it('offers all five statuses; the current one closes the dialog without a request', async () => {
    const order = orderFixture({ status: 0 });
    const { user, api, dialog } = await openDialog(order);

    const choices = within(within(dialog).getByRole('list', { name: 'New status' })).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'PlacedCurrent status',
      'ConfirmedChoose a delivery executive next',
      'Picked UpChoose a delivery executive next',
      'Delivered',
      'Cancelled',
    ]);
    await user.click(within(dialog).getByRole('button', { name: /^Placed/ }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusPosts(api, order)).toHaveLength(0);
  });

  it("confirms only with an executive of the order's zone, and sends its id", async () => {
    const order = orderFixture({ status: 0, version: 3 });
    const { user, api, dialog } = await openDialog(order);

    await user.click(within(dialog).getByRole('button', { name: /^Confirmed/ }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a delivery executive' });
    const save = within(picker).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(await within(picker).findByRole('radio', { name: /Meena Das/ }));
    expect(api.callsTo('GET /api/dispatch/executives')[0]?.query.get('storeId')).toBe(order.storeId);
    expect(statusPosts(api, order)).toHaveLength(0);
    await user.click(save);

    expect(await screen.findByText(`Order #${order.number} is Confirmed`)).toBeInTheDocument();
    expect(statusPosts(api, order)[0]?.body).toEqual({ status: 1, dexId: meena.id, version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(meena.name, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Confirmed', { selector: '.MuiChip-label' })).toBeInTheDocument();
  });

  it('opens the picker for Picked Up when nobody is assigned (D17)', async () => {
    const order = orderFixture({ status: 0 });
    const { user, api, dialog } = await openDialog(order);

    await user.click(within(dialog).getByRole('button', { name: /^Picked Up/ }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a delivery executive' });
    expect(statusPosts(api, order)).toHaveLength(0);
    await user.click(await within(picker).findByRole('radio', { name: /Ravi Kumar/ }));
    await user.click(within(picker).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(statusPosts(api, order)[0]?.body).toEqual({ status: 2, dexId: ravi.id, version: 1 }),
    );
  });

  it('moves an order with an executive to Picked Up at once', async () => {
    const order = orderFixture({ status: 1, dexId: ravi.id, dexName: ravi.name });
    const { user, api, dialog } = await openDialog(order);

    await user.click(within(dialog).getByRole('button', { name: /^Picked Up/ }));

    expect(await screen.findByText(`Order #${order.number} is Picked Up`)).toBeInTheDocument();
    expect(statusPosts(api, order)[0]?.body).toEqual({ status: 2, version: 1 });
  });

  it('asks before Delivered, naming the order and saying it is final, then writes it', async () => {
    const order = orderFixture({ status: 2, dexId: ravi.id, dexName: ravi.name, version: 6 });
    const { user, api, dialog } = await openDialog(order);

    await user.click(within(dialog).getByRole('button', { name: /^Delivered/ }));
    const ask = await screen.findByRole('dialog', { name: `Mark order #${order.number} delivered?` });
    expect(ask).toHaveTextContent(
      `Order #${order.number} will be Delivered. It is then closed for good: this can't be undone.`,
    );
    expect(statusPosts(api, order)).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: `Yes, mark #${order.number} delivered` }));

    expect(await screen.findByText(`Order #${order.number} is Delivered`)).toBeInTheDocument();
    expect(statusPosts(api, order)[0]?.body).toEqual({ status: -2, version: 6 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Order' })).toBeDisabled());
  });

  it('a single Space on Cancelled only asks; Back (where the focus then is) returns with nothing sent', async () => {
    const order = orderFixture({ status: 1, dexId: ravi.id, dexName: ravi.name });
    const { user, api, dialog } = await openDialog(order);

    within(dialog)
      .getByRole('button', { name: /^Cancelled/ })
      .focus();
    await user.keyboard(' ');
    const ask = await screen.findByRole('dialog', { name: `Cancel order #${order.number}?` });
    const back = within(ask).getByRole('button', { name: 'Back' });
    expect(back).toHaveFocus();
    expect(
      within(ask).getByRole('button', { name: `Yes, cancel order #${order.number}` }),
    ).toBeInTheDocument();
    await user.keyboard(' ');

    expect(await screen.findByRole('dialog', { name: `Update Order #${order.number}` })).toBeInTheDocument();
    expect(statusPosts(api, order)).toHaveLength(0);
  });

  it('cancels only with a reason of the staff list, sent with the change and shown on the timeline', async () => {
    const order = orderFixture({ status: 0, version: 4 });
    const { user, api, dialog } = await openDialog(order);

    await user.click(within(dialog).getByRole('button', { name: /^Cancelled/ }));
    const yes = within(dialog).getByRole('button', { name: `Yes, cancel order #${order.number}` });
    await user.click(yes);
    expect(await within(dialog).findByText('Choose why the order is cancelled')).toBeInTheDocument();
    expect(statusPosts(api, order)).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Items out of stock',
      'Store closed or too busy',
      'No delivery executive free',
      'Address not reachable',
      'Customer asked to cancel',
      'Payment not received',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'Items out of stock' }));
    expect(within(dialog).queryByText('Choose why the order is cancelled')).not.toBeInTheDocument();
    await user.click(yes);

    expect(await screen.findByText(`Order #${order.number} is Cancelled`)).toBeInTheDocument();
    expect(statusPosts(api, order)[0]?.body).toEqual({ status: -1, reason: 'OUT_OF_STOCK', version: 4 });
    expect(await screen.findByText('Reason: Items out of stock')).toBeInTheDocument();
  });

  it('names its dismiss button Close, never Cancel, beside the status Cancelled', async () => {
    const order = orderFixture({ status: 0 });
    const { dialog } = await openDialog(order);

    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('says when someone else changed the order, and shows its fresh status', async () => {
    const order = orderFixture({ status: 0, version: 1 });
    const fresh = { ...order, status: 1 as const, dexId: ravi.id, dexName: ravi.name, version: 2 };
    const { user, dialog } = await openDialog(order, {
      [`POST /api/orders/${order.id}/status`]: () =>
        apiError(409, 'conflict', messages.staleRecord, { current: fresh }),
    });

    await user.click(within(dialog).getByRole('button', { name: /^Cancelled/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Customer asked to cancel' }));
    await user.click(within(dialog).getByRole('button', { name: `Yes, cancel order #${order.number}` }));

    expect(await within(dialog).findByText(messages.staleRecord)).toBeInTheDocument();
    expect(within(dialog).getByText('Confirmed', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /^Confirmed/ })).toHaveTextContent('Current status');
    // The page behind shows the order as the server has it now.
    expect(screen.getByText(ravi.name, { selector: 'dd' })).toBeInTheDocument();
  });

  it('says when the order was closed meanwhile, and offers no status', async () => {
    const order = orderFixture({ status: 2, dexId: ravi.id, dexName: ravi.name });
    const closed = { ...order, status: -1 as const, state: 0 as const, version: 2 };
    const { user, dialog } = await openDialog(order, {
      [`POST /api/orders/${order.id}/status`]: () =>
        apiError(409, 'conflict', messages.orderClosed, { current: closed }),
    });

    await user.click(within(dialog).getByRole('button', { name: /^Delivered/ }));
    await user.click(within(dialog).getByRole('button', { name: `Yes, mark #${order.number} delivered` }));

    expect(await within(dialog).findByText(messages.orderClosed)).toBeInTheDocument();
    expect(within(dialog).getByText('Cancelled', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'New status' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Update Order' })).toBeDisabled();
  });

  it("puts the server's word on the executive in the picker", async () => {
    const order = orderFixture({ status: 0 });
    const { user } = await openDialog(order, {
      [`POST /api/orders/${order.id}/status`]: () =>
        apiError(400, 'invalid_input', messages.invalidInput, { fields: { dexId: messages.unknownDex } }),
    });

    await user.click(screen.getByRole('button', { name: /^Confirmed/ }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a delivery executive' });
    await user.click(await within(picker).findByRole('radio', { name: /Ravi Kumar/ }));
    await user.click(within(picker).getByRole('button', { name: 'Save' }));

    expect(await within(picker).findByText(messages.unknownDex)).toBeInTheDocument();
    expect(within(picker).getByRole('radiogroup')).toHaveAccessibleDescription(messages.unknownDex);
  });
});
