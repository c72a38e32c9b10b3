import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose code (its schema, and zod with it) is fetched when the form first
 * validates instead of with the page, so the page shows without waiting for it (ADR 0028).
 * Should the fetch fail, the form goes on unchecked and the server's own check answers instead;
 * the next validation tries the fetch again.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    let resolver: Resolver<Values>;
    try {
      resolver = await loading;
    } catch {
      loading = undefined;
      return { values, errors: {} };
    }
    return resolver(values, context, options);
  };
}
