import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { CopyData, SelectOption } from '@/lib/api-types.gen';

/** Where guidelines can be copied to: spaces, their collections, and who may author and validate there. */
export const getCopySpaces = () => apiQuery<SelectOption[]>('admin/maintenance', 'copyGuidelineSpaces');
export const getCopyCollections = (space: number) => apiQuery<SelectOption[]>('admin/maintenance', 'copyGuidelineCollections', { space });
export const getCopyData = (space: number, collection: number) => apiQuery<CopyData>('admin/maintenance', 'copyGuidelineData', { space, collection });

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
