/*
 * How the customer app's search in a store finds items: by their name (in English, and in Hindi
 * and Kannada where the business gave them, ADR 0085), their other names (the names and spellings
 * customers search by, "chawal" and "चावल" for rice), their tags and their category's name.
 * Without zod: the customer app runs it as the customer types.
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
 * Whether every word of the search is the start of a word of the item's names (English, Hindi,
 * Kannada), other names, tags or category (or inside one of its names). A catalogue kept from
 * before other names, or before names in other languages, has none.
 */
export function matchesSearch(
  item: {
    name: string;
    nameHi?: string | null;
    nameKn?: string | null;
    aliases?: readonly string[];
    tags: readonly string[];
  },
  categoryName: string | null,
  search: string,
): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const names = [item.name, item.nameHi ?? '', item.nameKn ?? ''].filter(Boolean);
  const lowered = names.map((each) => each.toLowerCase());
  const known = searchWords([...names, ...(item.aliases ?? []), ...item.tags, categoryName ?? ''].join(' '));
  return words.every(
    (word) => lowered.some((name) => name.includes(word)) || known.some((each) => each.startsWith(word)),
  );
}
