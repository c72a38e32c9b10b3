import { messages } from '@storedesk/shared/messages';
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
});
