import { useMutation } from '@tanstack/react-query';
import { ApiError, INVALID_REQUEST, toApiError } from '../api';
import type { FilterRequest as AuditLogFilter } from '../api-types.gen';
import { currentSubdomain } from '../host';

/** Downloads the entries a filter selects as CSV (`admin/stream/auditLogExport`) under the server's file name. */
export async function downloadAuditLog(filter: AuditLogFilter): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/admin/stream/auditLogExport', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Space: currentSubdomain() },
      body: JSON.stringify(filter),
    });
  } catch {
    throw new ApiError(INVALID_REQUEST, 0);
  }
  if (!res.ok) throw await toApiError(res);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'audit-log.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download has started from the object URL; it can go once this task ends
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useDownloadAuditLog = () => useMutation({ mutationFn: downloadAuditLog });
