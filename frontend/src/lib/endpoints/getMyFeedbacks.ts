import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';

/** The threads the caller sent or answers for, the newest message first. */
export const getMyFeedbacks = () => apiQuery('reader/query/myFeedbacks');

export const myFeedbacksQueryOptions = () => queryOptions({ queryKey: ['feedback', 'list'], queryFn: getMyFeedbacks });

export const useMyFeedbacks = () => useQuery(myFeedbacksQueryOptions());
