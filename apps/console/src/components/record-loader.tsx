import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error.tsx';
import { FormSkeleton } from '@/components/loading-skeleton.tsx';

type RecordLoaderProps<T> = {
  query: UseQueryResult<T>;
  /** "Could not load the business’s details", in the language shown. */
  failed: string;
  /** "Loading the business’s details", in the language shown. */
  loading: string;
  /** Fields of the skeleton shown while loading. */
  fields: number;
  children: (record: T) => ReactNode;
};

/** A form's record, its words in the language shown: the form once it is here, a skeleton while it loads, Try again when it could not load. */
export function RecordLoader<T>({ query, failed, loading, fields, children }: RecordLoaderProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <LoadError
        title={failed}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <FormSkeleton fields={fields} label={loading} />;
}
