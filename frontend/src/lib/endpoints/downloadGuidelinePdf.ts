import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@/lib/api';
import { saveDownload } from '@/lib/download';
import { currentSubdomain } from '@/lib/host';

/**
 * A guideline language to print; space names the source space of a shared one, asOf (YYYY-MM-DD)
 * a day whose version in force is printed as a historical version.
 */
export interface PdfInput {
  guidelineid: number;
  language: string;
  space?: number;
  asOf?: string;
}

/**
 * Fetches the PDF of a guideline language (POST /api/reader/stream/guidelineAsPDF) and hands it
 * to the browser as a download under the server's name ("Sepsis – Erstversorgung (de).pdf").
 */
export async function downloadGuidelinePdf(body: PdfInput): Promise<void> {
  const res = await fetch('/api/reader/stream/guidelineAsPDF', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Space: currentSubdomain() },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  await saveDownload(res, `guideline-${body.guidelineid}-${body.language}.pdf`);
}

export const useDownloadGuidelinePdf = () => useMutation({ mutationFn: downloadGuidelinePdf });
