import { itemFeaturedLabels } from '@storedesk/shared/catalogue/schemas';
import { spreadsheetMessages } from '@storedesk/shared/catalogue/spreadsheet';
import { stockReasonLabels, stockReasons } from '@storedesk/shared/catalogue/variants';
import { deliveryMessages } from '@storedesk/shared/delivery/rules';
import { Level, levelNames } from '@storedesk/shared/levels';
import { messages } from '@storedesk/shared/messages';
import { cancelReasonLabels, cancelReasons } from '@storedesk/shared/orders/cancellation';
import { OrderStatus, orderStatusLabels } from '@storedesk/shared/orders';
import { orderEventKindTitles } from '@storedesk/shared/orders/event-kinds';
import { ifMissingLabels } from '@storedesk/shared/orders/if-missing';
import { paymentModeTypeLabels } from '@storedesk/shared/settings/payment-mode-types';
import { amountMessages } from '@storedesk/shared/money';
import { slotMessages } from '@storedesk/shared/stores/slot-messages';
import { storefrontLimits, storefrontMessages } from '@storedesk/shared/storefront/schemas';
import { refundMethodLabels, refundStateLabels } from '@storedesk/shared/payments/refunds';
import { storeStatusLabels, type StoreStatus } from '@storedesk/shared/stores/schemas';
import { createIntl } from 'react-intl';
import {
  cancelReasonText,
  featuredText,
  ifMissingText,
  levelText,
  paymentText,
  refundMethodText,
  refundStateText,
  statusText,
  stockReasonText,
  storeStatusText,
} from './codes.ts';
import { describe, expect, it } from 'vitest';
import en from './en.json';

/*
 * Words the console shows that the server also sends (in its error envelopes): in English they are
 * the server's words exactly, so a screen says the same thing whichever of the two says it.
 */
describe('the console’s English catalogue', () => {
  it('words a closed order as the server does', () => {
    expect(en['orders.closed']).toBe(messages.orderClosed);
  });

  it('words the statuses, the cancel reasons and the off-duty warning as the server does', () => {
    for (const status of Object.values(OrderStatus).filter((value) => typeof value === 'number')) {
      expect(en[statusText[status]]).toBe(orderStatusLabels[status]);
    }
    for (const reason of cancelReasons) expect(en[cancelReasonText[reason]]).toBe(cancelReasonLabels[reason]);
    expect(en['dexs.offDutyWarning']).toBe(deliveryMessages.offDutyWarning);
  });

  it('titles the timeline’s entries, and says an order is not there, as the printouts do', () => {
    expect({
      REFUND: en['timeline.refund'],
      UPI_REPORTED: en['timeline.upiReported'],
      ITEMS: en['timeline.items'],
      MESSAGE: en['timeline.message'],
      RATING: en['timeline.rating'],
      SLOT: en['timeline.slot'],
    }).toEqual(orderEventKindTitles);
  });

  it('words how an order is paid and what to do when an item is missing as the server does', () => {
    for (const [mode, label] of Object.entries(paymentModeTypeLabels))
      expect(en[paymentText[mode as keyof typeof paymentText]]).toBe(label);
    for (const [choice, label] of Object.entries(ifMissingLabels))
      expect(en[ifMissingText[choice as keyof typeof ifMissingText]]).toBe(label);
  });

  it('words refunds, and a wrong amount, as the server does', () => {
    for (const [method, label] of Object.entries(refundMethodLabels))
      expect(en[refundMethodText[method as keyof typeof refundMethodText]]).toBe(label);
    for (const [state, label] of Object.entries(refundStateLabels))
      expect(en[refundStateText[state as keyof typeof refundStateText]]).toBe(label);
    expect(en['refund.amountWrong']).toBe(amountMessages.rupees);
  });

  it('words a slot refused, and a quantity out of bounds, as the server does', () => {
    expect({
      full: en['changeSlot.full'],
      gone: en['changeSlot.gone'],
      none: en['changeSlot.none'],
      pickedUp: en['changeSlot.pickedUp'],
    }).toEqual({
      full: slotMessages.full,
      gone: slotMessages.gone,
      none: slotMessages.none,
      pickedUp: slotMessages.pickedUp,
    });
    expect(en['editItems.quantity'].replace('{max}', String(storefrontLimits.maxQuantity))).toBe(
      storefrontMessages.quantity,
    );
  });

  it('words a store’s status, an item’s badge and a stock change’s reason as the shared labels do', () => {
    for (const [code, label] of Object.entries(storeStatusLabels))
      expect(en[storeStatusText[Number(code) as StoreStatus]]).toBe(label);
    expect(Object.keys(featuredText)).toEqual(Object.keys(itemFeaturedLabels));
    for (const [code, label] of Object.entries(itemFeaturedLabels))
      expect(en[featuredText[Number(code)]!]).toBe(label);
    for (const reason of stockReasons) expect(en[stockReasonText[reason]]).toBe(stockReasonLabels[reason]);
  });

  it('names each role as the audit log names its kind of person', () => {
    expect(Object.values(levelText).map((key) => en[key])).toEqual(['Owner', 'Admin', 'Delivery executive']);
    expect(Object.keys(levelText).map(Number).sort()).toEqual(Object.keys(levelNames).map(Number).sort());
    expect(levelText[Level.Admin]).toBe('audit.kind.admin');
  });

  it('says a refused file’s bad rows as the server does', () => {
    const intl = createIntl({ locale: 'en-IN', messages: en });
    for (const count of [1, 3, 40])
      expect(intl.formatMessage({ id: 'import.refused' }, { count })).toBe(
        spreadsheetMessages.rowsNeedAttention(count),
      );
  });
});
