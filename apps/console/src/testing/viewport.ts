/**
 * jsdom has no layout, so media queries are answered from a chosen width:
 * enough for MUI's breakpoints (`(min-width:1200px)`, `(max-width:599.95px)`).
 */
export function setViewportWidth(width: number): void {
  const matches = (query: string) => {
    const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    if (conditions.length === 0) return false;
    return conditions.every(([, kind, value]) =>
      kind === 'min' ? width >= Number(value) : width <= Number(value),
    );
  };
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
