import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** The caller's live sessions (browser, address, times), the current one marked. */
export const getSessions = () => apiQuery('common/query/sessions');

export const sessionsQueryOptions = () => queryOptions({ queryKey: ['common', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
