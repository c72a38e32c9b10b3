/**
 * A module resolution hook for loading the console's own modules in Node (bench/console-reads.ts):
 * their `@/…` imports (the console's src/, as its Vite and TypeScript settings have it).
 */
const consoleSrc = new URL('../apps/console/src/', import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith('@/') && context.parentURL?.startsWith(consoleSrc.href)) {
    return nextResolve(new URL(specifier.slice(2), consoleSrc).href, context);
  }
  return nextResolve(specifier, context);
}
