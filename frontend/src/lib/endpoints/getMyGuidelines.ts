import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/** My Guidelines: one row per language of the guidelines the caller authors or co-authors, last edited first. */
export const getMyGuidelines = () => apiQuery('author/query/myGuidelines');

export const myGuidelinesQueryOptions = () => queryOptions({ queryKey: ['guidelines', 'mine'], queryFn: getMyGuidelines });

export const useMyGuidelines = () => useQuery(myGuidelinesQueryOptions());
