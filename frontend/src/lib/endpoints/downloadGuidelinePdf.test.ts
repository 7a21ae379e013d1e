import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadGuidelinePdf } from './downloadGuidelinePdf';

afterEach(() => vi.unstubAllGlobals());

describe('downloadGuidelinePdf', () => {
  it('saves the PDF under the name the server gives, punctuation and all', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.4', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="Sepsis - Erstversorgung (de).pdf"; filename*=UTF-8''Sepsis%20%E2%80%93%20Erstversorgung%20%28de%29.pdf`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = vi.fn(() => 'blob:pdf');
        static revokeObjectURL = vi.fn();
      },
    );
    let saved = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    try {
      await downloadGuidelinePdf({ guidelineid: 1, language: 'de', space: 7 });
    } finally {
      click.mockRestore();
    }
    expect(fetchMock).toHaveBeenCalledWith('/api/reader/stream/guidelineAsPDF', expect.objectContaining({ body: '{"guidelineid":1,"language":"de","space":7}' }));
    expect(saved).toBe('Sepsis – Erstversorgung (de).pdf');
  });
});
