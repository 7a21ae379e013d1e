import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Files registered with a guideline (its media library), archived ones included. */
export const getDocuments = (guidelineId: number) => apiQuery('author/query/documentsForGuideline', { guidelineId });

// the same key lib/endpoints/createDocument invalidates
export const documentsQueryOptions = (guidelineId: number) =>
  queryOptions({ queryKey: ['guidelines', guidelineId, 'documents'], queryFn: () => getDocuments(guidelineId) });

export const useDocuments = (guidelineId: number) => useQuery(documentsQueryOptions(guidelineId));
