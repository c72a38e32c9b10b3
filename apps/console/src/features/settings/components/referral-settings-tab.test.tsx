import { messages } from '@storedesk/shared/messages';
import {
  defaultReferralSettings,
  referralMessages,
  type ReferralSettings,
  type ReferralSettingsUpdateInput,
} from '@storedesk/shared/settings/referral-settings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownerSession } from '@/testing/fixtures.ts';
import type { Handler } from '@/testing/mock-api.ts';
import { apiError, json, sessionHandler, mockApi } from '@/testing/mock-api.ts';
import { renderApp } from '@/testing/render-app.tsx';

const program: ReferralSettings = {
  enabled: true,
  name: 'Invite a friend',
  type: 'DISCOUNT',
  usageLimit: 3,
  discountPercent: 10,
  maxDiscountPaise: 10_000,
  minOrderValuePaise: 29_900,
  validForDays: 30,
  referralMessage: 'Get 10% off your first order!',
  version: 7,
  updatedAt: '2025-01-02T00:00:00.000Z',
};

function referralServer(first: ReferralSettings) {
  const state = { settings: first };
  const handlers: Record<string, Handler> = {
    'GET /api/auth/session': sessionHandler(ownerSession),
    'GET /api/settings/referral': () => json(200, state.settings),
    'PUT /api/settings/referral': (call) => {
      const { version, ...values } = call.body as ReferralSettingsUpdateInput;
      if (version !== state.settings.version) {
        return apiError(409, 'conflict', messages.staleRecord, { current: state.settings });
      }
      state.settings = { ...state.settings, ...values, version: version + 1 } as ReferralSettings;
      return json(200, state.settings);
    },
  };
  return { state, handlers };
}

function renderTab(overrides: Record<string, Handler> = {}, first: ReferralSettings = program) {
  const server = referralServer(first);
  const api = mockApi({ ...server.handlers, ...overrides });
  return { ...renderApp('/settings?tab=referral'), api, server };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const toggle = () => screen.findByRole('switch', { name: 'Referral program on' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('Settings > Referral Settings', () => {
  it('shows the program, amounts in rupees', async () => {
    renderTab();
    expect(await toggle()).toBeChecked();
    expect(field('Name')).toHaveValue('Invite a friend');
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Discount');
    expect(field('Usage limit')).toHaveValue('3');
    expect(field('Discount percent')).toHaveValue('10');
    expect(field('Max discount')).toHaveValue('100.00');
    expect(field('Min order value')).toHaveValue('299.00');
    expect(field('Valid for days')).toHaveValue('30');
    expect(field('Referral message')).toHaveValue('Get 10% off your first order!');
  });

  it('says when it could not be loaded, and Try again loads it', async () => {
    let fail = true;
    const { user } = renderTab({
      'GET /api/settings/referral': () =>
        fail ? apiError(500, 'internal', 'Something went wrong') : json(200, program),
    });
    expect(await screen.findByText('Could not load the referral settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await toggle()).toBeChecked();
  });

  it('a business that never saved it sees the program off with its fields greyed out', async () => {
    renderTab({}, defaultReferralSettings);
    expect(await toggle()).not.toBeChecked();
    expect(field('Name')).toBeDisabled();
    expect(field('Usage limit')).toBeDisabled();
    expect(screen.getByText(/The program is off/)).toBeInTheDocument();
  });

  it('switched on, every field is required before anything is sent', async () => {
    const { user, api } = renderTab({}, defaultReferralSettings);
    await user.click(await toggle());
    expect(field('Name')).toBeEnabled();
    await user.clear(field('Usage limit'));
    await user.click(save());
    const name = field('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(field('Usage limit')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Referral message')).toHaveAttribute('aria-invalid', 'true');
    // A discount of 0 percent is no discount.
    expect(screen.getByText(referralMessages.discountPercent)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/referral')).toHaveLength(0);
  });

  it('saves an enabled program with numbers as numbers and amounts in paise, on the version read', async () => {
    const { user, api } = renderTab({}, defaultReferralSettings);
    await user.click(await toggle());
    await user.type(field('Name'), 'Bring a neighbour');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Free delivery' }));
    await user.clear(field('Usage limit'));
    await user.type(field('Usage limit'), '5');
    await user.clear(field('Max discount'));
    await user.type(field('Max discount'), '0');
    await user.clear(field('Min order value'));
    await user.type(field('Min order value'), '199.99');
    await user.clear(field('Valid for days'));
    await user.type(field('Valid for days'), '14');
    await user.type(field('Referral message'), 'Free delivery on your first order');
    await user.click(save());

    expect(await screen.findByText('Referral settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/referral')[0]?.body).toEqual({
      enabled: true,
      name: 'Bring a neighbour',
      type: 'FREE_DELIVERY',
      usageLimit: 5,
      discountPercent: 0,
      maxDiscountPaise: 0,
      minOrderValuePaise: 19_999,
      validForDays: 14,
      referralMessage: 'Free delivery on your first order',
      version: 0,
    });
  });

  it('refuses words for numbers, percent 101 and three decimals in the form', async () => {
    const { user, api } = renderTab();
    await toggle();
    await user.clear(field('Usage limit'));
    await user.type(field('Usage limit'), 'ten');
    await user.clear(field('Discount percent'));
    await user.type(field('Discount percent'), '101');
    await user.clear(field('Max discount'));
    await user.type(field('Max discount'), '10.555');
    await user.click(save());

    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();
    expect(screen.getByText(referralMessages.discountPercent)).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in rupees, such as 140.50')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/referral')).toHaveLength(0);
  });

  it('says the discount percent’s one range in its hint and in every refusal, above it or below', async () => {
    const { user, api } = renderTab();
    await toggle();
    const percent = field('Discount percent');
    const described = () => document.getElementById(percent.getAttribute('aria-describedby') ?? '');
    expect(described()).toHaveTextContent('From 1 to 100 for a discount.');
    for (const typed of ['150', '0', '-5']) {
      await user.clear(percent);
      await user.type(percent, typed);
      await user.click(save());
      expect(described()).toHaveTextContent('must be from 1 to 100 for a discount');
    }
    expect(api.callsTo('PUT /api/settings/referral')).toHaveLength(0);
  });

  it('switched off, it is saved with what it holds, and nothing is required', async () => {
    const { user, api } = renderTab();
    await user.click(await toggle());
    await user.click(save());
    expect(await screen.findByText('Referral settings saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings/referral')[0]?.body).toEqual({
      enabled: false,
      name: 'Invite a friend',
      type: 'DISCOUNT',
      usageLimit: 3,
      discountPercent: 10,
      maxDiscountPaise: 10_000,
      minOrderValuePaise: 29_900,
      validForDays: 30,
      referralMessage: 'Get 10% off your first order!',
      version: 7,
    });
  });

  it('a stale save shows the colleague’s program, saying what changed', async () => {
    const { user, server } = renderTab();
    await user.clear(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.type(field('Name'), 'Invite friends');
    server.state.settings = { ...program, discountPercent: 15, version: 8 };
    await user.click(save());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Someone else saved this business’s referral program while you were editing: Discount percent changed.',
    );
    expect(field('Discount percent')).toHaveValue('15');
    expect(field('Name')).toHaveValue('Invite a friend');
  });

  it('puts the server’s field reasons on their fields', async () => {
    const { user } = renderTab({
      'PUT /api/settings/referral': () =>
        apiError(400, 'invalid_input', messages.invalidInput, {
          fields: {
            usageLimit: referralMessages.usageLimit,
            maxDiscountPaise: 'must be at most ₹1,00,00,000',
          },
        }),
    });
    await toggle();
    await user.click(save());
    expect(await screen.findByText(referralMessages.usageLimit)).toBeInTheDocument();
    expect(field('Max discount')).toHaveAttribute('aria-invalid', 'true');
    expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Settings > Referral Settings in Hindi', () => {
  it('speaks Hindi: the switch, the fields and their help, the types, Save and the saved message', async () => {
    localStorage.setItem('storedesk:console:language', '"hi"');
    try {
      const { user } = renderTab();
      expect(await screen.findByRole('switch', { name: 'रेफ़रल प्रोग्राम चालू' })).toBeChecked();
      expect(screen.getByRole('textbox', { name: /^नाम/ })).toHaveValue('Invite a friend');
      expect(screen.getByText('ग्राहक प्रोग्राम को क्या कहते हैं, जैसे दोस्त को बुलाएँ।')).toBeInTheDocument();
      expect(screen.getByText('छूट के लिए 1 से 100 तक।')).toBeInTheDocument();
      const type = screen.getByRole('combobox', { name: /^प्रकार/ });
      expect(type).toHaveTextContent('छूट');
      await user.click(type);
      expect(await screen.findByRole('option', { name: 'मुफ़्त डिलीवरी' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      const name = screen.getByRole('textbox', { name: /^नाम/ });
      await user.clear(name);
      await user.type(name, 'Bring a friend');
      await user.click(screen.getByRole('button', { name: 'सेव करें' }));
      expect(await screen.findByText('रेफ़रल सेटिंग्स सेव हो गईं')).toBeInTheDocument();
    } finally {
      localStorage.removeItem('storedesk:console:language');
    }
  });
});
