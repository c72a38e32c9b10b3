import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

/**
 * A screen loaded in its own chunk when it is first shown. The layouts around the routes hold
 * the Suspense boundaries, so the shell stays on screen while a screen's code arrives.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen takes whatever props it declares
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType<any>>>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
