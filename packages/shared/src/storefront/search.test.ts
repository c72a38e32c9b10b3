import { describe, expect, it } from 'vitest';
import { matchesSearch, searchWords } from './search.ts';

const rice = { name: 'Basmati Rice (5 kg)', tags: ['chawal', 'veg'] };

describe('matchesSearch', () => {
  it('finds an item by its name, what people also call it, and its category', () => {
    expect(matchesSearch(rice, 'Staples', 'basmati')).toBe(true);
    expect(matchesSearch(rice, 'Staples', 'mati')).toBe(true);
    expect(matchesSearch(rice, 'Staples', 'Chawal')).toBe(true);
    expect(matchesSearch(rice, 'Staples', 'chaw')).toBe(true);
    expect(matchesSearch(rice, 'Staples', 'staples')).toBe(true);
    expect(matchesSearch(rice, 'Staples', 'rice 5 kg')).toBe(true);
    expect(matchesSearch(rice, null, '  ')).toBe(true);
  });

  it('needs every word to be found', () => {
    expect(matchesSearch(rice, 'Staples', 'chawal dal')).toBe(false);
    expect(matchesSearch(rice, 'Staples', 'atta')).toBe(false);
    expect(matchesSearch(rice, null, 'staples')).toBe(false);
    // Inside a tag's word is not a match ("awal" is no word of "chawal").
    expect(matchesSearch(rice, 'Staples', 'awal')).toBe(false);
  });

  it('finds an item by its other names, Hindi and Kannada ones too, and by a kept catalogue without any', () => {
    const onions = { name: 'Onions', aliases: ['pyaz', 'प्याज़', 'ಈರುಳ್ಳಿ'], tags: [] };
    expect(matchesSearch(onions, null, 'pyaz')).toBe(true);
    expect(matchesSearch(onions, null, 'प्याज़')).toBe(true);
    expect(matchesSearch(onions, null, 'प्या')).toBe(true);
    expect(matchesSearch(onions, null, 'ಈರುಳ್ಳಿ')).toBe(true);
    expect(matchesSearch(onions, null, 'ಈರು')).toBe(true);
    expect(matchesSearch(onions, null, 'lahsun')).toBe(false);
    expect(matchesSearch({ name: 'Onions', tags: [] }, null, 'pyaz')).toBe(false);
  });

  it('finds an item by its name in Hindi and in Kannada (ADR 0085), and one without them by the rest', () => {
    const basmati = { name: 'Basmati Rice', nameHi: 'बासमती चावल', nameKn: 'ಬಾಸ್ಮತಿ ಅಕ್ಕಿ', tags: [] };
    expect(matchesSearch(basmati, null, 'चावल')).toBe(true);
    expect(matchesSearch(basmati, null, 'चाव')).toBe(true);
    // Inside the name, as in the English one ("mati" finds "Basmati").
    expect(matchesSearch(basmati, null, 'मती')).toBe(true);
    expect(matchesSearch(basmati, null, 'ಅಕ್ಕಿ')).toBe(true);
    expect(matchesSearch(basmati, null, 'basmati ಅಕ್ಕಿ')).toBe(true);
    expect(matchesSearch(basmati, null, 'दाल')).toBe(false);
    expect(matchesSearch({ ...basmati, nameHi: null, nameKn: null }, null, 'चावल')).toBe(false);
    expect(matchesSearch({ ...basmati, nameHi: null, nameKn: null }, null, 'rice')).toBe(true);
  });

  it('splits a search into its words, lower case, without the punctuation around them', () => {
    expect(searchWords('  Chawal, "Basmati" (5 kg) ')).toEqual(['chawal', 'basmati', '5', 'kg']);
    // A vowel sign at the end is part of the word.
    expect(searchWords('ಈರುಳ್ಳಿ, चावल।')).toEqual(['ಈರುಳ್ಳಿ', 'चावल']);
  });
});
