import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The metadata definitions the space uses, in its order. */
export const getSpaceMetadata = (spaceId: number) => apiQuery('admin/query/spaceMetadata', { spaceId });

export const spaceMetadataQueryOptions = (spaceId: number) =>
  queryOptions({ queryKey: ['spaces', spaceId, 'metadata'], queryFn: () => getSpaceMetadata(spaceId) });

export const useSpaceMetadata = (spaceId: number) => useQuery(spaceMetadataQueryOptions(spaceId));
