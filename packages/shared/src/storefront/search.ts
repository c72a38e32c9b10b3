/*
 * How the customer app's search in a store finds items: by their name, their other names (the
 * names and spellings customers search by, "chawal" and "चावल" for rice), their tags and their
 * category's name. Without zod: the customer app runs it as the customer types.
 */

/**
 * The words of a search, lower case, without what is not a letter, a mark or a digit around them
 * (a vowel sign ends many Hindi and Kannada words: "ಈರುಳ್ಳಿ").
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/**
 * Whether every word of the search is the start of a word of the item's name, other names, tags
 * or category (or inside its name). A catalogue kept from before other names has none.
 */
export function matchesSearch(
  item: { name: string; aliases?: readonly string[]; tags: readonly string[] },
  categoryName: string | null,
  search: string,
): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const name = item.name.toLowerCase();
  const known = searchWords([item.name, ...(item.aliases ?? []), ...item.tags, categoryName ?? ''].join(' '));
  return words.every((word) => name.includes(word) || known.some((each) => each.startsWith(word)));
}
