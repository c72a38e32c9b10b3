import { describe, expect, it } from 'vitest';
import { aliasesSchema, aliasMessages, distinctAliases } from './aliases.ts';

describe('an item’s other names', () => {
  it('are kept trimmed, without blanks, each once whatever its case, in the order given', () => {
    expect(distinctAliases([' chawal ', '', 'चावल', 'Chawal', '  ', 'ಅಕ್ಕಿ'])).toEqual([
      'chawal',
      'चावल',
      'ಅಕ್ಕಿ',
    ]);
    expect(aliasesSchema.parse(['Pyaz', 'pyaz', 'ಈರುಳ್ಳಿ '])).toEqual(['Pyaz', 'ಈರುಳ್ಳಿ']);
  });

  it('are each one name, without the comma a spreadsheet lists them with', () => {
    const refused = aliasesSchema.safeParse(['chawal, rice']);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[0], aliasMessages.comma],
    ]);
  });

  it('are at most 20 as sent, each one line of at most 40 characters', () => {
    expect(aliasesSchema.safeParse(Array.from({ length: 21 }, (_, i) => `n${i}`)).success).toBe(false);
    expect(aliasesSchema.safeParse(['x'.repeat(41)]).success).toBe(false);
    expect(aliasesSchema.safeParse(['a\tb']).success).toBe(false);
    expect(aliasesSchema.safeParse('chawal').success).toBe(false);
    expect(aliasesSchema.parse(['x'.repeat(40)])).toEqual(['x'.repeat(40)]);
  });
});
