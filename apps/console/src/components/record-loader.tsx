import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '@storedesk/web/i18n';
import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';
import { FormSkeleton } from './loading-skeleton.tsx';

type RecordLoaderProps<T> = {
  query: UseQueryResult<T>;
  /** What is loaded, in the language shown, for "Loading the order settings" and "Could not load the order settings". */
  what: string;
  /** Fields of the skeleton shown while loading. */
  fields: number;
  children: (record: T) => ReactNode;
};

/** A form's record: the form once it is here, a skeleton while it loads, and Try again when it could not load. */
export function RecordLoader<T>({ query, what, fields, children }: RecordLoaderProps<T>) {
  const t = useT();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <LoadError
        title={t('common.couldNotLoad', { what })}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <FormSkeleton fields={fields} label={t('common.loadingWhat', { what })} />;
}
