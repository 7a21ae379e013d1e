import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** A thread with its messages, oldest first. */
export const getFeedback = (id: number) => apiQuery('reader/query/feedback', { id });

export const feedbackQueryOptions = (id: number) => queryOptions({ queryKey: ['feedback', 'thread', id], queryFn: () => getFeedback(id) });

export const useFeedback = (id: number) => useQuery(feedbackQueryOptions(id));
