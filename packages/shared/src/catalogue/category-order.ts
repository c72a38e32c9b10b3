/*
 * The order of a store's categories (B17): the customer app's menu and the console's list show
 * them by position, then name. A move puts one category at a place of the list (1 is first, a
 * place past the end is last) and numbers the list 1, 2, 3… again.
 */

/** The ids in their new order after `id` moves to `position`; the list as it was when `id` is not in it. */
export function orderAfterMove(ids: readonly string[], id: string, position: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const rest = ids.filter((_, index) => index !== from);
  const to = Math.min(Math.max(Math.trunc(position), 1), ids.length) - 1;
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

/** The positions a list in this order needs that it does not have yet (1 for the first). */
export function positionChanges(
  current: ReadonlyArray<{ id: string; position: number }>,
  order: readonly string[],
): Array<{ id: string; position: number }> {
  const now = new Map(current.map((each) => [each.id, each.position]));
  return order
    .map((id, index) => ({ id, position: index + 1 }))
    .filter((each) => now.get(each.id) !== each.position);
}
