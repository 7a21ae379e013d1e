import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { DetailRef } from '@/lib/api-types.gen';

/** The guidelines whose sections point at a section (members of the space may ask). */
export const getDetailRefs = (detailId: number) => apiQuery<DetailRef[]>('common', 'detailRefs', { detailId });

export const detailRefsQueryOptions = (detailId: number) =>
  queryOptions({ queryKey: ['reader', 'detailRefs', detailId], queryFn: () => getDetailRefs(detailId), staleTime: 5 * 60_000 });

export const useDetailRefs = (detailId: number, enabled: boolean) => useQuery({ ...detailRefsQueryOptions(detailId), enabled });
