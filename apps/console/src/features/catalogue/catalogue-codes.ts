import type { StockReason } from '@storedesk/shared/catalogue/variants';
import type { MessageId } from '@/i18n/index.ts';

/*
 * The console's words for what an item or a stock change keeps as a code (the orders' way, ADR
 * 0089): the badge an item is featured with, and why its stock changed. The code is kept; the
 * words follow the language shown, their English the shared rules' (catalogue-codes.test.ts).
 */

/** The badge customers see on an item, by its `featured` code. */
export const featuredText: Record<number, MessageId> = {
  0: 'item.featuredNone',
  1: 'item.featuredBestseller',
  2: 'item.featuredOnlyHere',
  3: 'item.featuredTopPick',
};

/** Why staff changed a variant's stock. */
export const stockReasonText: Record<StockReason, MessageId> = {
  received: 'stock.reasonReceived',
  damaged: 'stock.reasonDamaged',
  counted: 'stock.reasonCounted',
};
