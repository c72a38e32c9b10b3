import { OrderStatus, orderStatusLabels } from '@storedesk/shared/orders';
import { plural } from '@/lib/plural.ts';

/** "#12", "#12 and #13", "#12, #13 and #14". */
export function orderNumbers(numbers: number[]): string {
  const named = numbers.map((number) => `#${number}`);
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * What the dialogs ask before a final status (Delivered or Cancelled), naming the orders: the
 * question (the title), what it means, and the button that makes the change. One order is named
 * by its number; several are counted in the question and the button.
 */
export function finalChangeWords(
  numbers: number[],
  status: OrderStatus,
): { question: string; explanation: string; action: string } {
  const one = numbers.length === 1;
  const which = one ? `order ${orderNumbers(numbers)}` : plural(numbers.length, 'order', 'orders');
  const cancel = status === OrderStatus.Cancelled;
  return {
    question: cancel ? `Cancel ${which}?` : `Mark ${which} delivered?`,
    explanation:
      `${one ? 'Order' : 'Orders'} ${orderNumbers(numbers)} will be ${orderStatusLabels[status]}. ` +
      `${one ? 'It is' : 'They are'} then closed for good: this can't be undone.`,
    action: cancel ? `Yes, cancel ${which}` : `Yes, mark ${one ? orderNumbers(numbers) : which} delivered`,
  };
}
