import { useMutation } from '@tanstack/react-query';
import { ApiError, INVALID_REQUEST, toApiError } from '../../../lib/api';
import type { GuidelineDraftPdfRequest } from '../../../lib/api-types.gen';
import { currentSubdomain } from '../../../lib/host';

/** The file name of a `Content-Disposition` header: `filename*` (UTF-8) first, else `filename`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed escapes: fall back to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain ? plain[1] : null;
}

/** Prints a version of a guideline as PDF (`author/stream/guidelineDraftAsPDF`) and saves it under the server's file name. */
export async function downloadDraftPdf(guideline: number, version: number): Promise<void> {
  const request: GuidelineDraftPdfRequest = { guideline, version };
  let res: Response;
  try {
    res = await fetch('/api/author/stream/guidelineDraftAsPDF', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Space: currentSubdomain() },
      body: JSON.stringify(request),
    });
  } catch {
    throw new ApiError(INVALID_REQUEST, 0);
  }
  // the converter is down or too slow: the server says so with 503 and pdf.unavailable
  if (res.status === 503) throw new ApiError('pdf.unavailable', 503);
  if (!res.ok) throw await toApiError(res);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = dispositionFileName(res.headers.get('Content-Disposition')) ?? `guideline-${guideline}-v${version}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download has started from the object URL; it can go once this task ends
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useDownloadDraftPdf = (guideline: number) =>
  useMutation({ mutationFn: (version: number) => downloadDraftPdf(guideline, version) });
