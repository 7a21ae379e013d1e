import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../api';
import type { FeedbackThread } from '../api-types.gen';

/** The threads the caller sent or answers for, the newest message first. */
export const getMyFeedbacks = () => apiQuery<FeedbackThread[]>('reader', 'myFeedbacks');

export const myFeedbacksQueryOptions = () => queryOptions({ queryKey: ['feedback', 'list'], queryFn: getMyFeedbacks });

export const useMyFeedbacks = () => useQuery(myFeedbacksQueryOptions());
