import { useState } from 'react';
import { useCreateDocument } from '@/lib/endpoints/createDocument';
import { useUploadFile } from '@/lib/endpoints/uploadFile';
import { documentUrl } from '@/components/richtext/links';

/** A file uploaded and registered with the guideline, with the address to put into the text. */
export interface AttachedFile {
  hash: string;
  name: string;
  mime: string;
  url: string;
}

/**
 * Uploads a file and registers it with the guideline (upload, then createDocument), so that
 * it shows in the guideline's files; `error` is the failure of the last attempt.
 */
export function useAttachFile(guidelineId: number) {
  const upload = useUploadFile();
  const register = useCreateDocument();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const attach = async (file: File): Promise<AttachedFile | null> => {
    setError(null);
    setPending(true);
    try {
      const blob = await upload.mutateAsync(file);
      await register.mutateAsync({ hash: blob.hash, name: blob.name || file.name, guidelineId });
      return { hash: blob.hash, name: blob.name || file.name, mime: blob.mime, url: documentUrl(blob.hash) };
    } catch (err) {
      setError(err);
      return null;
    } finally {
      setPending(false);
    }
  };

  return { attach, pending, error, reset: () => setError(null) };
}
