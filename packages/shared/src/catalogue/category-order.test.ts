import { describe, expect, it } from 'vitest';
import { orderAfterMove, positionChanges } from './category-order.ts';

const ids = ['fruits', 'dairy', 'bakery', 'snacks'];

describe('a category moved in its store’s order', () => {
  it('goes to the place asked, the others shifting around it', () => {
    expect(orderAfterMove(ids, 'dairy', 1)).toEqual(['dairy', 'fruits', 'bakery', 'snacks']);
    expect(orderAfterMove(ids, 'dairy', 3)).toEqual(['fruits', 'bakery', 'dairy', 'snacks']);
    expect(orderAfterMove(ids, 'fruits', 4)).toEqual(['dairy', 'bakery', 'snacks', 'fruits']);
    expect(orderAfterMove(ids, 'bakery', 3)).toEqual(ids);
  });

  it('goes last from a place past the end, and leaves the list alone when it is not in it', () => {
    expect(orderAfterMove(ids, 'fruits', 99)).toEqual(['dairy', 'bakery', 'snacks', 'fruits']);
    expect(orderAfterMove(ids, 'bread', 1)).toEqual(ids);
  });

  it('numbers the list 1, 2, 3… again, naming only the positions that change', () => {
    const current = [
      { id: 'fruits', position: 1 },
      { id: 'dairy', position: 2 },
      { id: 'bakery', position: 7 },
      { id: 'snacks', position: 0 },
    ];
    expect(positionChanges(current, orderAfterMove(ids, 'dairy', 1))).toEqual([
      { id: 'dairy', position: 1 },
      { id: 'fruits', position: 2 },
      { id: 'bakery', position: 3 },
      { id: 'snacks', position: 4 },
    ]);
    expect(positionChanges(current.slice(0, 2), ['fruits', 'dairy'])).toEqual([]);
  });
});
