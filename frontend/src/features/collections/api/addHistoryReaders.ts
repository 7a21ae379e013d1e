import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';
import type { AddHistoryReadersRequest } from '@/lib/api-types.gen';
import { historyReadersQueryOptions } from './getHistoryReaders';

/** Space members by id who may read what of the collection was valid on a date; returns the whole list. */
export const addHistoryReaders = (input: AddHistoryReadersRequest) => apiMutation('admin/collectionadmin/mutation/addHistoryReaders', input);

export const useAddHistoryReaders = (collection: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: number[]) => addHistoryReaders({ collection, members }),
    onSuccess: (readers) => queryClient.setQueryData(historyReadersQueryOptions(collection).queryKey, readers),
  });
};
