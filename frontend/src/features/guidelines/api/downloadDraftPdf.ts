import { useMutation } from '@tanstack/react-query';
import { ApiError, INVALID_REQUEST, toApiError } from '@/lib/api';
import type { DraftRequest as GuidelineDraftPdfRequest } from '@/lib/api-types.gen';
import { saveDownload } from '@/lib/download';
import { currentSubdomain } from '@/lib/host';

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
  await saveDownload(res, `guideline-${guideline}-v${version}.pdf`);
}

export const useDownloadDraftPdf = (guideline: number) =>
  useMutation({ mutationFn: (version: number) => downloadDraftPdf(guideline, version) });
