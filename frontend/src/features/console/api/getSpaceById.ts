import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiQuery } from '@/lib/api';
import type { Space } from '@/lib/types';
import { SPACE_BY_ID_QUERY_KEY } from './keys';

/** A space's full settings (colours, domains, variables …) for the editor, from admin/query/spaces. */
export async function getSpaceById(id: number): Promise<Space> {
  const list = await apiQuery('admin/query/spaces', { ids: [id], size: 1 });
  const space = list.spaces.find((s) => s.id === id);
  if (!space) throw new ApiError('error.notFound', 404);
  return space;
}

export const spaceByIdQueryOptions = (id: number) => queryOptions({ queryKey: [...SPACE_BY_ID_QUERY_KEY, id], queryFn: () => getSpaceById(id) });

export const useSpaceById = (id: number | null) => useQuery({ ...spaceByIdQueryOptions(id ?? 0), enabled: id !== null });
