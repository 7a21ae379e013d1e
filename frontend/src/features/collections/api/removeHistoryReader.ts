import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { RemoveHistoryReaderRequest } from '@/lib/api-types.gen';
import { historyReadersQueryOptions } from './getHistoryReaders';

/** Takes the designation to read the collection's history; returns the whole list. */
export const removeHistoryReader = (input: RemoveHistoryReaderRequest) => apiMutation('admin/collectionadmin/mutation/removeHistoryReader', input);

export const useRemoveHistoryReader = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: number) => removeHistoryReader({ collection, member }),
    onSuccess: (readers) => queryClient.setQueryData(historyReadersQueryOptions(collection).queryKey, readers),
  });
};
