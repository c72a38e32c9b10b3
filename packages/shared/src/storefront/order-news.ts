import { OrderStatus, orderStatusLabels } from '../orders.ts';
import type { Language } from '../languages.ts';
import { formatRupees } from '../money.ts';

type Words = {
  /** What ends a sentence: the full stop, or Hindi's danda. */
  stop: string;
  order: string;
  statuses: Record<OrderStatus, string>;
  bodies: Record<OrderStatus, (storeName: string) => string>;
  updated: string;
  changed: string;
  refunded: { title: (amount: string) => string; body: string };
  itemsChanged: { title: string; body: (storeName: string, bill: string) => string };
};

/** The words of an order's news in each language customers read (B19). */
const words: Record<Language, Words> = {
  en: {
    stop: '.',
    order: 'Order',
    statuses: orderStatusLabels as Record<OrderStatus, string>,
    bodies: {
      [OrderStatus.Placed]: (store) => `${store} has your order.`,
      [OrderStatus.Confirmed]: (store) => `${store} is packing it, and a delivery partner is assigned.`,
      [OrderStatus.PickedUp]: () => 'It is on its way to you.',
      [OrderStatus.Delivered]: () => 'Delivered. Enjoy!',
      [OrderStatus.Cancelled]: (store) => `${store} cancelled it. Call the store if you have questions.`,
    },
    updated: 'Updated',
    changed: 'Your order has changed.',
    refunded: { title: (amount) => `${amount} refunded`, body: 'It goes back the way you paid.' },
    itemsChanged: {
      title: 'Items changed',
      body: (store, bill) => `${store} changed its items. The bill is now ${bill}.`,
    },
  },
  hi: {
    stop: '।',
    order: 'ऑर्डर',
    statuses: {
      [OrderStatus.Placed]: 'मिल गया',
      [OrderStatus.Confirmed]: 'पुष्टि हुई',
      [OrderStatus.PickedUp]: 'रास्ते में',
      [OrderStatus.Delivered]: 'पहुँचा दिया गया',
      [OrderStatus.Cancelled]: 'रद्द',
    },
    bodies: {
      [OrderStatus.Placed]: (store) => `${store} को आपका ऑर्डर मिल गया है।`,
      [OrderStatus.Confirmed]: (store) => `${store} इसे पैक कर रहा है, और डिलीवरी पार्टनर तय हो गया है।`,
      [OrderStatus.PickedUp]: () => 'यह आपके पास आ रहा है।',
      [OrderStatus.Delivered]: () => 'पहुँचा दिया गया। आनंद लें!',
      [OrderStatus.Cancelled]: (store) => `${store} ने इसे रद्द कर दिया। कोई सवाल हो तो स्टोर को फ़ोन करें।`,
    },
    updated: 'बदला गया',
    changed: 'आपका ऑर्डर बदल गया है।',
    refunded: {
      title: (amount) => `${amount} वापस किए गए`,
      body: 'यह उसी तरीके से लौटेगा जिससे आपने भुगतान किया था।',
    },
    itemsChanged: {
      title: 'सामान बदला गया',
      body: (store, bill) => `${store} ने इसका सामान बदला है। अब बिल ${bill} है।`,
    },
  },
  kn: {
    stop: '.',
    order: 'ಆರ್ಡರ್',
    statuses: {
      [OrderStatus.Placed]: 'ಸ್ವೀಕರಿಸಲಾಗಿದೆ',
      [OrderStatus.Confirmed]: 'ದೃಢೀಕರಿಸಲಾಗಿದೆ',
      [OrderStatus.PickedUp]: 'ದಾರಿಯಲ್ಲಿದೆ',
      [OrderStatus.Delivered]: 'ತಲುಪಿಸಲಾಗಿದೆ',
      [OrderStatus.Cancelled]: 'ರದ್ದಾಗಿದೆ',
    },
    bodies: {
      [OrderStatus.Placed]: (store) => `${store} ನಿಮ್ಮ ಆರ್ಡರ್ ಪಡೆದಿದೆ.`,
      [OrderStatus.Confirmed]: (store) => `${store} ಇದನ್ನು ಪ್ಯಾಕ್ ಮಾಡುತ್ತಿದೆ, ಮತ್ತು ಡೆಲಿವರಿ ಪಾರ್ಟ್ನರ್ ಅನ್ನು ನಿಯೋಜಿಸಲಾಗಿದೆ.`,
      [OrderStatus.PickedUp]: () => 'ಇದು ನಿಮ್ಮ ಕಡೆಗೆ ಬರುತ್ತಿದೆ.',
      [OrderStatus.Delivered]: () => 'ತಲುಪಿಸಲಾಗಿದೆ. ಆನಂದಿಸಿ!',
      [OrderStatus.Cancelled]: (store) => `${store} ಇದನ್ನು ರದ್ದುಗೊಳಿಸಿದೆ. ಪ್ರಶ್ನೆಗಳಿದ್ದರೆ ಅಂಗಡಿಗೆ ಕರೆ ಮಾಡಿ.`,
    },
    updated: 'ಬದಲಾಗಿದೆ',
    changed: 'ನಿಮ್ಮ ಆರ್ಡರ್ ಬದಲಾಗಿದೆ.',
    refunded: {
      title: (amount) => `${amount} ಮರುಪಾವತಿಸಲಾಗಿದೆ`,
      body: 'ನೀವು ಪಾವತಿಸಿದ ರೀತಿಯಲ್ಲೇ ಇದು ಹಿಂತಿರುಗುತ್ತದೆ.',
    },
    itemsChanged: {
      title: 'ಸಾಮಾನು ಬದಲಾಗಿದೆ',
      body: (store, bill) => `${store} ಇದರ ಸಾಮಾನುಗಳನ್ನು ಬದಲಿಸಿದೆ. ಈಗ ಬಿಲ್ ${bill}.`,
    },
  },
};

/**
 * What a customer is told of their order's status: on its page in the customer app, in the push
 * notification each change sends to their devices, and in the texts of its updates, in their
 * language (English unless said). No zod here: the app loads none.
 */
export function orderNews(
  order: { number: number; status: number; storeName: string },
  language: Language = 'en',
): {
  title: string;
  body: string;
} {
  const status = order.status as OrderStatus;
  const said = words[language];
  return {
    title: `${said.order} #${order.number}: ${said.statuses[status] ?? said.updated}`,
    body: said.bodies[status]?.(order.storeName) ?? said.changed,
  };
}

/** What an order update tells besides a status (ADR 0082): a refund made, or its items changed by staff. */
export type OrderUpdateEvent =
  { kind: 'STATUS' } | { kind: 'REFUNDED'; amountPaise: number } | { kind: 'ITEMS'; billAmountPaise: number };

/** An update's news: its status's, or a refund's or an items change's, in the customer's language. */
export function updateNews(
  order: { number: number; status: number; storeName: string },
  event: OrderUpdateEvent,
  language: Language = 'en',
): { title: string; body: string } {
  const said = words[language];
  if (event.kind === 'REFUNDED')
    return {
      title: `${said.order} #${order.number}: ${said.refunded.title(formatRupees(event.amountPaise))}`,
      body: said.refunded.body,
    };
  if (event.kind === 'ITEMS')
    return {
      title: `${said.order} #${order.number}: ${said.itemsChanged.title}`,
      body: said.itemsChanged.body(order.storeName, formatRupees(event.billAmountPaise)),
    };
  return orderNews(order, language);
}

/**
 * The text an order's update sends its customer (B19, ADR 0075): the business, what the order's page
 * says of it, and the link to follow it, in the customer's language.
 */
export function orderUpdateText(
  order: { number: number; status: number; storeName: string },
  businessName: string,
  link: string,
  language: Language = 'en',
  event: OrderUpdateEvent = { kind: 'STATUS' },
): string {
  const news = updateNews(order, event, language);
  return `${businessName}: ${news.title}${words[language].stop} ${news.body} ${link}`;
}
