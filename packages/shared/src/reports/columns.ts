import type { SalesFigures, SalesGrouping } from './schemas.ts';

/**
 * The columns of a sales report, as the console's table shows them and the CSV
 * export writes them (one list, so the file is exactly what is shown): the
 * group's label, then the figures. Money is in paise; a null figure (an item's
 * or category's discount, charges and net) is shown as none.
 */
export const groupingLabels: Record<SalesGrouping, string> = {
  day: 'Day',
  store: 'Store',
  category: 'Category',
  item: 'Item',
  variant: 'Item and variant',
  paymentMode: 'Payment mode',
  coupon: 'Coupon',
  executive: 'Delivery executive',
};

export type FigureColumn = { key: keyof SalesFigures; header: string; money: boolean };

export const figureColumns: readonly FigureColumn[] = [
  { key: 'orders', header: 'Orders', money: false },
  { key: 'itemsSold', header: 'Items sold', money: false },
  { key: 'grossPaise', header: 'Gross', money: true },
  { key: 'discountPaise', header: 'Discounts', money: true },
  { key: 'chargesPaise', header: 'Charges', money: true },
  { key: 'netPaise', header: 'Net', money: true },
  { key: 'cancelled', header: 'Cancelled', money: false },
];

/** The label of the totals row. */
export const totalsLabel = 'Total';
