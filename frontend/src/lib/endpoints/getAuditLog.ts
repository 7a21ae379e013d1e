import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery, errorStatus, shouldRetry } from '../api';
import type { QueryRequest as AuditLogRequest } from '../api-types.gen';

/** A page of the audit log, newest first: a space's (its admins) or, with spaceId 0, every space's (the super admin). */
export const getAuditLog = (request: AuditLogRequest) => apiQuery('admin/query/auditLog', request);

export const auditLogQueryOptions = (request: AuditLogRequest) =>
  queryOptions({
    queryKey: ['auditLog', request],
    queryFn: () => getAuditLog(request),
    staleTime: 10_000,
    // a refused filter (400) stays refused: say so at once
    retry: (failures, error) => errorStatus(error) !== 400 && shouldRetry(failures, error),
  });

/** The page stays on screen while the next one loads, so that paging does not jump. */
export const useAuditLog = (request: AuditLogRequest, enabled = true) =>
  useQuery({ ...auditLogQueryOptions(request), enabled, placeholderData: keepPreviousData });
