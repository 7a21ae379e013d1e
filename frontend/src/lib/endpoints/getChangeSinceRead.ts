import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { ChangeRequest as ChangeSinceReadRequest } from '../api-types.gen';

/** The version of a guideline language the caller last read or acknowledged and the published one. */
export const getChangeSinceRead = (req: ChangeSinceReadRequest) => apiQuery('reader/query/changeSinceRead', req);

export const changeSinceReadQueryOptions = (req: ChangeSinceReadRequest) =>
  queryOptions({
    queryKey: ['acknowledgements', 'change', req.guideline, req.language, req.since],
    queryFn: () => getChangeSinceRead(req),
    staleTime: Infinity,
  });

export const useChangeSinceRead = (req: ChangeSinceReadRequest, enabled: boolean) => useQuery({ ...changeSinceReadQueryOptions(req), enabled });
