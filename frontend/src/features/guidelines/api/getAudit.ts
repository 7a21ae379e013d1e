import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';

/** How often a running audit is asked for its result. */
export const AUDIT_POLL_MS = 2000;

/** The last link and reference check of a language: status none, running, ok, issues or failed. */
export const getAudit = (glid: number, lang: string) => apiQuery('author/query/audit', { glid, lang });

export const auditQueryOptions = (glid: number, lang: string) =>
  queryOptions({
    queryKey: ['guidelines', glid, 'audit', lang],
    queryFn: () => getAudit(glid, lang),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? AUDIT_POLL_MS : false),
  });

export const useAudit = (glid: number, lang: string) => useQuery(auditQueryOptions(glid, lang));
