import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { Folder as TocFolder } from '@/lib/api-types.gen';
import { fullTocQueryOptions } from './getFullToc';

/** Creates the first table of contents of a collection (409 when it has one). */
export const createCollectionToc = (collectionId: number, tree: TocFolder) =>
  apiMutation('reader/mutation/createCollectionToc', { collectionId, body: { id: 0, timestamp: null, userId: null, tree } });

export const useCreateCollectionToc = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tree: TocFolder) => createCollectionToc(collection, tree),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: fullTocQueryOptions(collection).queryKey }), queryClient.invalidateQueries({ queryKey: ['toc'] })]),
  });
};
