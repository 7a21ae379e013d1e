import { useMutation } from '@tanstack/react-query';
import { ApiError, INVALID_REQUEST, toApiError } from '../api';
import { currentSubdomain } from '../host';
import type { Blob as MediaBlob } from '../api-types.gen';

/** A stored file: named by the hash of its content. */
export type UploadedFile = MediaBlob;

/**
 * Uploads one file (multipart field `file`). 400 media.unsupportedType (png, jpeg, gif, webp,
 * mp4, webm, pdf, docx, xlsx, pptx are taken; the type is sniffed from the content) or media.tooLarge.
 */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch('/api/author/upload', { method: 'POST', credentials: 'same-origin', headers: { Space: currentSubdomain() }, body: form });
  } catch {
    throw new ApiError(INVALID_REQUEST, 0);
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as UploadedFile;
}

export const useUploadFile = () => useMutation({ mutationFn: uploadFile });
