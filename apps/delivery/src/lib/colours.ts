import { useLayoutEffect } from 'react';
import type { Theme } from '@storedesk/shared/auth/schemas';
import { brandVariables } from '@storedesk/web/brand';

let style: HTMLStyleElement | null = null;

/** The business's colours, light and dark, as the style sheet's variables; the app's own without one. */
export function useBusinessColours(theme: Theme | undefined) {
  const light = theme ? brandVariables(theme, 'light') : '';
  const dark = theme ? brandVariables(theme, 'dark') : '';
  useLayoutEffect(() => {
    if (!style) {
      style = document.createElement('style');
      document.head.append(style);
    }
    style.textContent = light
      ? `:root { ${light} }\n@media (prefers-color-scheme: dark) { :root { ${dark} } }`
      : '';
  }, [light, dark]);
}
