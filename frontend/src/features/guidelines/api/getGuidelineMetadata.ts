import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The metadata options chosen for a guideline, one per metadata definition at most. */
export const getGuidelineMetadata = (id: number) => apiQuery('common/query/guidelineMetadata', { id });

export const guidelineMetadataQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['guidelines', id, 'metadata'], queryFn: () => getGuidelineMetadata(id) });

export const useGuidelineMetadata = (id: number) => useQuery(guidelineMetadataQueryOptions(id));
