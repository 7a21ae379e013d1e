import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/** The guideline languages the caller read whose published version changed since. */
export const getChangedSinceRead = () => apiQuery('reader/query/changedSinceRead');

export const changedSinceReadQueryOptions = () => queryOptions({ queryKey: ['acknowledgements', 'changed'], queryFn: getChangedSinceRead });

/** Changed guideline languages by "id/language"; idle (empty) for anonymous readers. */
export const useChangedSinceRead = (signedIn: boolean) =>
  useQuery({
    ...changedSinceReadQueryOptions(),
    enabled: signedIn,
    select: (list) => new Map(list.map((c) => [`${c.guidelineId}/${c.language}`, c])),
  });
