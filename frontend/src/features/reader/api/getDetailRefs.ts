import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The guidelines whose sections point at a section (members of the space may ask). */
export const getDetailRefs = (detailId: number) => apiQuery('common/query/detailRefs', { detailId });

export const detailRefsQueryOptions = (detailId: number) =>
  queryOptions({ queryKey: ['reader', 'detailRefs', detailId], queryFn: () => getDetailRefs(detailId), staleTime: 5 * 60_000 });

export const useDetailRefs = (detailId: number, enabled: boolean) => useQuery({ ...detailRefsQueryOptions(detailId), enabled });
