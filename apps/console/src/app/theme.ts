import type { Theme as MuiTheme } from '@mui/material/styles';
import { createTheme } from '@mui/material/styles';
import type { Theme as BusinessTheme } from '@storedesk/shared/auth/schemas';

const cssColor = /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgba?|hsla?)\([^()]*\))$/i;

function color(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && cssColor.test(trimmed) ? trimmed : undefined;
}

function palette(business: BusinessTheme | undefined) {
  const primary = color(business?.primaryColor);
  const accent = color(business?.accentColor);
  const onPrimary = color(business?.textPrimary);
  return {
    ...(primary ? { primary: { main: primary, ...(onPrimary ? { contrastText: onPrimary } : {}) } } : {}),
    ...(accent ? { secondary: { main: accent } } : {}),
  };
}

function build(business: BusinessTheme | undefined): MuiTheme {
  const colours = palette(business);
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: { light: { palette: colours }, dark: { palette: colours } },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

/**
 * The console's MUI theme in the business's colours (B6): primary, accent as
 * secondary, and the text colour shown on primary. A colour MUI cannot read
 * falls back to the default rather than breaking the console.
 */
export function createAppTheme(business?: BusinessTheme): MuiTheme {
  try {
    return build(business);
  } catch {
    return build(undefined);
  }
}
