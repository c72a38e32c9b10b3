import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import type { OrderDetail } from '@storedesk/shared/orders/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/fixtures.ts';
import { mockApi } from '@/testing/mock-api.ts';
import type { ExecutiveState } from '@/testing/orders-test-server.ts';
import { meena, orderFixture, ordersServer, ravi } from '@/testing/orders-test-server.ts';
import { LOADING_SCREENS_MS, loadScreensOf, renderApp } from '@/testing/render-app.tsx';

beforeAll(() => loadScreensOf('/orders/any'), LOADING_SCREENS_MS);

const seen = '2026-11-27T08:00:00.000Z';

/** The order's page, Update Order, Confirmed: the picker of delivery executives. */
async function openPicker(order: OrderDetail, states: Record<string, ExecutiveState>, limit = 5) {
  const server = ordersServer([order], adminSession, { states, limit });
  const api = mockApi(server.handlers);
  const view = renderApp(`/orders/${order.id}`);
  await view.user.click(await screen.findByRole('button', { name: 'Update Order' }));
  await view.user.click(await screen.findByRole('button', { name: /^Confirmed/ }));
  const picker = await screen.findByRole('dialog', { name: 'Choose a delivery executive' });
  return { ...view, api, server, picker };
}

const radioNames = (picker: HTMLElement) =>
  within(picker)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

describe('the delivery executive picker', () => {
  it('lists those on duty in the server’s order, with their load of the limit and distance from the store', async () => {
    const order = orderFixture({ status: 0 });
    const { picker, api } = await openPicker(order, {
      [ravi.id]: { onDuty: true, openOrders: 2, distanceKm: 1.24, seenAt: seen },
      [meena.id]: { onDuty: true, openOrders: 0, distanceKm: null, seenAt: null },
    });

    await within(picker).findByRole('radio', { name: /Ravi Kumar/ });
    expect(api.callsTo('GET /api/dispatch/executives')[0]?.query.get('storeId')).toBe(order.storeId);
    expect(radioNames(picker)).toEqual([
      'Ravi KumarOn duty · 2 of 5 open · 1.2 km from store',
      'Meena DasOn duty · 0 of 5 open · Location unknown',
    ]);
    expect(within(picker).queryByRole('switch', { name: /Show off-duty/ })).not.toBeInTheDocument();
  });

  it('shows those off duty only on asking, and warns before saving one of them', async () => {
    const order = orderFixture({ status: 0, version: 2 });
    const { user, picker, api } = await openPicker(order, {
      [ravi.id]: { onDuty: true, openOrders: 1, distanceKm: 3, seenAt: seen },
      [meena.id]: { onDuty: false, openOrders: 0, distanceKm: 0.4, seenAt: seen },
    });

    await within(picker).findByRole('radio', { name: /Ravi Kumar/ });
    expect(within(picker).queryByRole('radio', { name: /Meena Das/ })).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('switch', { name: 'Show off-duty executives (1)' }));
    expect(radioNames(picker)).toEqual([
      'Ravi KumarOn duty · 1 of 5 open · 3.0 km from store',
      'Meena DasOff duty · 0 of 5 open · 0.4 km from store',
    ]);
    expect(screen.queryByText(deliveryMessages.offDutyWarning)).not.toBeInTheDocument();

    await user.click(within(picker).getByRole('radio', { name: /Meena Das/ }));
    expect(within(picker).getByText(deliveryMessages.offDutyWarning)).toBeInTheDocument();
    expect(within(picker).getByRole('radiogroup')).toHaveAccessibleDescription(
      deliveryMessages.offDutyWarning,
    );
    expect(api.callsTo(`POST /api/orders/${order.id}/status`)).toHaveLength(0);

    await user.click(within(picker).getByRole('radio', { name: /Ravi Kumar/ }));
    expect(within(picker).queryByText(deliveryMessages.offDutyWarning)).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('radio', { name: /Meena Das/ }));
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/orders/${order.id}/status`)[0]?.body).toEqual({
        status: 1,
        dexId: meena.id,
        version: 2,
      }),
    );
  });

  it('says so when no one is on duty, and still offers those off duty', async () => {
    const order = orderFixture({ status: 0 });
    const { user, picker } = await openPicker(order, {
      [ravi.id]: { onDuty: false, openOrders: 0, distanceKm: null, seenAt: null },
      [meena.id]: { onDuty: false, openOrders: 0, distanceKm: null, seenAt: null },
    });

    expect(await within(picker).findByText(/No one is on duty in this zone/)).toBeInTheDocument();
    expect(within(picker).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('switch', { name: 'Show off-duty executives (2)' }));
    expect(within(picker).getAllByRole('radio')).toHaveLength(2);
  });

  it('shows an executive at the limit, disabled with the reason', async () => {
    const order = orderFixture({ status: 0 });
    const { picker } = await openPicker(
      order,
      {
        [ravi.id]: { onDuty: true, openOrders: 3, distanceKm: 0.5, seenAt: seen },
        [meena.id]: { onDuty: true, openOrders: 2, distanceKm: 2, seenAt: seen },
      },
      3,
    );

    const full = await within(picker).findByRole('radio', { name: /Ravi Kumar/ });
    expect(full).toBeDisabled();
    expect(full.closest('label')).toHaveTextContent('3 of 3 open: at the limit');
    expect(within(picker).getByRole('radio', { name: /Meena Das/ })).toBeEnabled();
  });

  it('puts the server’s refusal of a full executive in the picker, and reads the loads again', async () => {
    const order = orderFixture({ status: 0 });
    const states: Record<string, ExecutiveState> = {
      [ravi.id]: { onDuty: true, openOrders: 4, distanceKm: 0.5, seenAt: seen },
    };
    const { user, picker, api } = await openPicker(order, states);

    await user.click(await within(picker).findByRole('radio', { name: /Ravi Kumar/ }));
    // Someone gave Ravi a fifth order meanwhile.
    states[ravi.id] = { ...states[ravi.id]!, openOrders: 5 };
    await user.click(within(picker).getByRole('button', { name: 'Save' }));

    expect(await within(picker).findByText(deliveryMessages.executiveFull(5))).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/dispatch/executives')).toHaveLength(2));
    await waitFor(() => expect(within(picker).getByRole('radio', { name: /Ravi Kumar/ })).toBeDisabled());
  });
});
