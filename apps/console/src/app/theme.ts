// Types of theme.colorSchemes and theme.vars, which the CSS-variables theme has.
import type {} from '@mui/material/themeCssVarsAugmentation';
import type { Theme as MuiTheme } from '@mui/material/styles';
import { createTheme } from '@mui/material/styles';
import type { Theme as BusinessTheme } from '@storedesk/shared/auth/schemas';

const cssColor = /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgba?|hsla?)\([^()]*\))$/i;

function color(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && cssColor.test(trimmed) ? trimmed : undefined;
}

function palette(business: BusinessTheme | undefined, mode: 'light' | 'dark') {
  const primary = color(business?.primaryColor);
  const accent = color(business?.accentColor);
  const text = color(business?.textPrimary);
  return {
    ...(primary ? { primary: { main: primary } } : {}),
    ...(accent ? { secondary: { main: accent } } : {}),
    // The business's text colour is chosen for light backgrounds; dark mode keeps MUI's.
    ...(text && mode === 'light' ? { text: { primary: text } } : {}),
  };
}

function build(business: BusinessTheme | undefined): MuiTheme {
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: { palette: palette(business, 'light') },
      dark: { palette: palette(business, 'dark') },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

/**
 * The console's MUI theme in the business's colours (B6): primary, accent as
 * secondary, and its text colour in light mode. A colour MUI cannot read falls
 * back to the default rather than breaking the console.
 */
export function createAppTheme(business?: BusinessTheme): MuiTheme {
  try {
    return build(business);
  } catch {
    return build(undefined);
  }
}
