import type { ComponentProps, ComponentType, ReactElement } from 'react';
import { lazy, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Params, RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';
import type { Session } from './session.ts';

/**
 * What a screen's module may export as `prefetch`: starts asking for the data the screen will
 * ask for first, under the same query keys, so that it is on its way while the code renders.
 */
export type ScreenPrefetch = (context: {
  queryClient: QueryClient;
  session: Session;
  params: Params;
}) => void;

/** A lazily loaded screen that can also be asked to start loading before it is shown. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen takes whatever props it declares
export type LazyPage<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  preload: () => Promise<unknown>;
};

/**
 * A screen loaded in its own chunk when it is first shown. The layouts around the routes hold
 * the Suspense boundaries, so the shell stays on screen while a screen's code arrives.
 *
 * A screen whose code has already arrived (preloaded, or shown before) renders at once: through
 * React.lazy it would suspend for a moment all the same, and React holds back the reveal of a
 * boundary that has just shown its fallback by 300 ms. Each mount keeps the one it started with.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen takes whatever props it declares
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType<any>>>(
  load: () => Promise<Module>,
  name: Name,
): LazyPage<Module[Name]> {
  type Props = ComponentProps<Module[Name]>;
  let loading: Promise<Module> | undefined;
  let loaded: ComponentType<Props> | undefined;
  // One request for preload and render alike; a failed one is tried afresh next time.
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: (await preload())[name] as ComponentType<Props> }));
  function Screen(props: Props) {
    const [Shown] = useState(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return Object.assign(Screen, { preload });
}

const isLazyPage = (type: unknown): type is LazyPage<ComponentType> =>
  typeof type === 'function' && 'preload' in type;

/**
 * Loads the code of every lazy screen the routes would show for a path (the shell and the page in
 * it) side by side, instead of one after the other as each renders, and, for the signed-in
 * session given, starts asking for the data of those that export a `prefetch`. Settles once the
 * code has arrived or failed: a chunk that failed here is asked for again when its screen renders.
 */
export async function preloadScreens(
  routes: RouteObject[],
  pathname: string,
  context?: { queryClient: QueryClient; session: Session },
): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const params = matches.at(-1)?.params ?? {};
  await Promise.allSettled(
    matches.map(async ({ route }) => {
      const type = (route.element as ReactElement | undefined)?.type;
      if (!isLazyPage(type)) return;
      const { prefetch } = (await type.preload()) as { prefetch?: ScreenPrefetch };
      if (context && prefetch) prefetch({ ...context, params });
    }),
  );
}
