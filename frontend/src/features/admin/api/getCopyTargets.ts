import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** Where guidelines can be copied to: spaces, their collections, and who may author and validate there. */
export const getCopySpaces = () => apiQuery('admin/maintenance/query/copyGuidelineSpaces');
export const getCopyCollections = (space: number) => apiQuery('admin/maintenance/query/copyGuidelineCollections', { space });
export const getCopyData = (space: number, collection: number) => apiQuery('admin/maintenance/query/copyGuidelineData', { space, collection });

export const useCopySpaces = () => useQuery(queryOptions({ queryKey: ['admin', 'maintenance', 'spaces'], queryFn: getCopySpaces }));

export const useCopyCollections = (space: number | null) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'maintenance', 'collections', space],
      queryFn: () => getCopyCollections(space ?? 0),
      enabled: space !== null,
    }),
  );

export const useCopyData = (space: number | null, collection: number | null) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'maintenance', 'copyData', space, collection],
      queryFn: () => getCopyData(space ?? 0, collection ?? 0),
      enabled: space !== null && collection !== null,
    }),
  );
