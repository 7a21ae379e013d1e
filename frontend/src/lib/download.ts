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

/** Hands the body of a file answer to the browser as a download, under the server's name or else fallback. */
export async function saveDownload(res: Response, fallback: string): Promise<void> {
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = dispositionFileName(res.headers.get('Content-Disposition')) ?? fallback;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download has started from the object URL; it can go once this task ends
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
