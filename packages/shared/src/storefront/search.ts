/*
 * How the customer app's search in a store finds items: by their name, their tags (which carry
 * what people also call them, "chawal" for rice) and their category's name. Without zod: the
 * customer app runs it as the customer types.
 */

/** The words of a search, lower case, without what is not a letter or a digit around them. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** Whether every word of the search is the start of a word of the item's name, tags or category (or inside its name). */
export function matchesSearch(
  item: { name: string; tags: readonly string[] },
  categoryName: string | null,
  search: string,
): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const name = item.name.toLowerCase();
  const known = searchWords([item.name, ...item.tags, categoryName ?? ''].join(' '));
  return words.every((word) => name.includes(word) || known.some((each) => each.startsWith(word)));
}
