import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

describe('createAppTheme', () => {
  it("uses the business's colours", () => {
    const theme = createAppTheme({ primaryColor: '#3949ab', accentColor: '#7986cb', textPrimary: '#1a237e' });
    const light = theme.colorSchemes.light?.palette;
    expect(light?.primary.main).toBe('#3949ab');
    expect(light?.secondary.main).toBe('#7986cb');
    expect(light?.text.primary).toBe('#1a237e');
    // Dark text would not read on a dark background.
    expect(theme.colorSchemes.dark?.palette.text.primary).not.toBe('#1a237e');
  });

  it('falls back to the default colours when one cannot be read', () => {
    const fallback = createAppTheme();
    const theme = createAppTheme({
      primaryColor: 'url(javascript:1)',
      accentColor: 'blue;',
      textPrimary: '',
    });
    expect(theme.colorSchemes.light?.palette.primary.main).toBe(
      fallback.colorSchemes.light?.palette.primary.main,
    );
    expect(theme.colorSchemes.light?.palette.secondary.main).toBe(
      fallback.colorSchemes.light?.palette.secondary.main,
    );
  });
});
