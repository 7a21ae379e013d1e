import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The metadata definitions of the space, to name the metadata filters of the results. */
export const getSearchMetadata = (spaceId: number) => apiQuery('admin/query/spaceMetadata', { spaceId });

export const searchMetadataQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'metadata'], queryFn: () => getSearchMetadata(spaceId), staleTime: 5 * 60_000 });

export const useSearchMetadata = (spaceId: number, enabled: boolean) => useQuery({ ...searchMetadataQueryOptions(spaceId), enabled });
