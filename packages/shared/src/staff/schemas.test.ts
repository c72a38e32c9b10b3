import { describe, expect, it } from 'vitest';
import { dexHasOpenOrdersMessage } from './schemas.ts';

describe('why an executive cannot be deleted', () => {
  it('names one open order as one', () => {
    expect(dexHasOpenOrdersMessage([1002])).toBe(
      'This delivery executive has an open order #1002. Reassign or close it first.',
    );
  });

  it('names two or more with "and" before the last', () => {
    expect(dexHasOpenOrdersMessage([1002, 1005])).toBe(
      'This delivery executive has open orders #1002 and #1005. Reassign or close them first.',
    );
    expect(dexHasOpenOrdersMessage([1002, 1005, 1009])).toBe(
      'This delivery executive has open orders #1002, #1005 and #1009. Reassign or close them first.',
    );
  });

  it('names at most five and counts the rest', () => {
    expect(dexHasOpenOrdersMessage([1, 2, 3, 4, 5])).toBe(
      'This delivery executive has open orders #1, #2, #3, #4 and #5. Reassign or close them first.',
    );
    expect(dexHasOpenOrdersMessage([1, 2, 3, 4, 5, 6, 7])).toBe(
      'This delivery executive has open orders #1, #2, #3, #4, #5 and 2 more. Reassign or close them first.',
    );
  });
});
