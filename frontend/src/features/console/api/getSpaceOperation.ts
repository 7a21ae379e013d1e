import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import { isUnfinished, type SpaceOperation } from '../types';
import { OPERATION_QUERY_KEY } from './keys';

/** How often a running operation is asked about. */
export const OPERATION_POLL_MS = 1000;

export const getSpaceOperation = (id: number) => apiQuery('admin/query/spaceOperation', { id }) as Promise<SpaceOperation>;

export const spaceOperationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...OPERATION_QUERY_KEY, id],
    queryFn: () => getSpaceOperation(id),
    // asked again about every second until it is done or failed
    refetchInterval: (query) => (query.state.data && !isUnfinished(query.state.data) ? false : OPERATION_POLL_MS),
  });

/** An operation, followed until it ends. */
export const useSpaceOperation = (id: number | null) => useQuery({ ...spaceOperationQueryOptions(id ?? 0), enabled: id !== null });
