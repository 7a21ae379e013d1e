import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { downloadDraftPdf } from './downloadDraftPdf';

afterEach(() => vi.unstubAllGlobals());

describe('downloadDraftPdf', () => {
  it('posts guideline and version and saves the answer under the server name', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.4', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="S.pdf"; filename*=UTF-8''Sepsis-de-v3-draft.pdf` },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:pdf');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = createObjectURL;
        static revokeObjectURL = vi.fn();
      },
    );
    let saved = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = `${this.download} ${this.href}`;
    });

    await downloadDraftPdf(11, 3);

    expect(fetchMock).toHaveBeenCalledWith('/api/author/stream/guidelineDraftAsPDF', expect.objectContaining({ method: 'POST', body: '{"guideline":11,"version":3}' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(saved).toBe('Sepsis-de-v3-draft.pdf blob:pdf');
    click.mockRestore();
  });

  it('turns 503 into pdf.unavailable and passes the server refusal on', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"pdf.unavailable","params":{}}', { status: 503 })));
    await expect(downloadDraftPdf(11, 3)).rejects.toEqual(new ApiError('pdf.unavailable', 503));
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"forbidden","params":{}}', { status: 403 })));
    await expect(downloadDraftPdf(11, 3)).rejects.toMatchObject({ status: 403, message: 'forbidden' });
  });
});
