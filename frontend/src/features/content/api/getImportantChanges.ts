import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

export const CHANGES_PAGE_SIZE = 20;

/** A page of the important changes of guidelines the caller may read, newest first. */
export const getImportantChanges = (from: number) => apiQuery('reader/query/importantChanges', { from, size: CHANGES_PAGE_SIZE });

export const importantChangesQueryOptions = (from: number) =>
  queryOptions({ queryKey: ['importantChanges', from], queryFn: () => getImportantChanges(from) });

export const useImportantChanges = (from: number) => useQuery({ ...importantChangesQueryOptions(from), placeholderData: keepPreviousData });
