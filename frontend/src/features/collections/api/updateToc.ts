import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { Folder as TocFolder } from '@/lib/api-types.gen';
import { fullTocQueryOptions } from './getFullToc';

/** Saves a whole table of contents; the server checks every node and refuses all or nothing. */
export const updateToc = (collection: number, f: TocFolder) => apiMutation('toc/mutation/updateToc', { collection, f });

export const useUpdateToc = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (f: TocFolder) => updateToc(collection, f),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: fullTocQueryOptions(collection).queryKey }), queryClient.invalidateQueries({ queryKey: ['toc'] })]),
  });
};
