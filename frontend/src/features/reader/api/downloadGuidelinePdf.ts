import { useMutation } from '@tanstack/react-query';
import { toApiError } from '../../../lib/api';
import { currentSubdomain } from '../../../lib/host';

/** A guideline language to print; space names the source space of a shared one. */
export interface PdfInput {
  guidelineid: number;
  language: string;
  space?: number;
  /** file name of the download */
  fileName: string;
}

/** Fetches the PDF of a guideline language (POST /api/reader/stream/guidelineAsPDF) and hands it to the browser as a download. */
export async function downloadGuidelinePdf({ fileName, ...body }: PdfInput): Promise<void> {
  const res = await fetch('/api/reader/stream/guidelineAsPDF', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Space: currentSubdomain() },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadGuidelinePdf = () => useMutation({ mutationFn: downloadGuidelinePdf });
