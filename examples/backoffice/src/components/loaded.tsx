import type { ReactNode } from 'react';
import type { QueryState } from '../lib/use-query';
import { LoadError, Loading } from './page';

/**
 * What a page shows of a `useQuery`: 読み込み中 while it loads, its failure with a retry, then
 * `children` with the data.
 */
export function Loaded<T>({
  query,
  children,
}: {
  query: QueryState<T> & { reload: () => void };
  children: (data: T) => ReactNode;
}) {
  if (query.status === 'loading') return <Loading />;
  if (query.status === 'error') return <LoadError error={query.error} onRetry={query.reload} />;
  return children(query.data);
}
