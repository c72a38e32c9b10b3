/*
 * An item's other names (B17): the names and spellings customers search by ("chawal" and "चावल"
 * for rice), which the customer app and the console search as they search the name. They are
 * never shown to customers; tags stay what they are, words shown in the console's item table.
 */
import { z } from 'zod';
import { singleLine } from '../text.ts';

export const aliasLimits = { maxAliases: 20, maxLength: 40 } as const;

export const aliasMessages = {
  tooMany: `at most ${aliasLimits.maxAliases} other names`,
  /** A spreadsheet lists an item's other names with commas between them (`aliases`), so none holds one. */
  comma: 'one name each, without commas',
} as const;

/** The names as kept: trimmed, blanks dropped, and each once whatever its case (its first spelling). */
export function distinctAliases(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const name of names) {
    const trimmed = name.trim();
    const key = trimmed.toLocaleLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

/** At most 20 names as sent, each one line of at most 40 characters without a comma; kept as `distinctAliases` gives them. */
export const aliasesSchema = z
  .array(singleLine(aliasLimits.maxLength).refine((name) => !name.includes(','), aliasMessages.comma))
  .max(aliasLimits.maxAliases, aliasMessages.tooMany)
  .transform(distinctAliases);
