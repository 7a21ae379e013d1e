import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, docFingerprint, draftKey, loadDraft, saveDraft, type Draft } from './draft';
import { emptyDoc } from './sections';

const draft = (title: string): Draft => ({
  v: 1,
  savedAt: '2026-03-01T10:00:00.000Z',
  baseVersion: 3,
  doc: { ...emptyDoc(), title, sections: [{ key: 'a', id: 7, title: 'Dosis', rawContent: '{"root":{"children":[]}}', content: '', extern: null }] },
});

describe('drafts in localStorage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are kept per guideline and language', () => {
    expect(saveDraft(localStorage, 12, 'de', draft('Sepsis'))).toBe(true);
    expect(saveDraft(localStorage, 12, 'fr', draft('Sepsis FR'))).toBe(true);
    expect(loadDraft(localStorage, 12, 'de')?.doc.title).toBe('Sepsis');
    expect(loadDraft(localStorage, 12, 'fr')?.doc.title).toBe('Sepsis FR');
    expect(loadDraft(localStorage, 13, 'de')).toBeNull();
    expect(loadDraft(localStorage, 12, 'de')?.doc.sections[0]).toEqual({ key: 'a', id: 7, title: 'Dosis', rawContent: '{"root":{"children":[]}}', content: '', extern: null });
    clearDraft(localStorage, 12, 'de');
    expect(loadDraft(localStorage, 12, 'de')).toBeNull();
    expect(loadDraft(localStorage, 12, 'fr')).not.toBeNull();
  });

  it('ignore what cannot be read', () => {
    localStorage.setItem(draftKey(1, 'de'), '{not json');
    expect(loadDraft(localStorage, 1, 'de')).toBeNull();
    localStorage.setItem(draftKey(1, 'de'), JSON.stringify({ v: 2, doc: {} }));
    expect(loadDraft(localStorage, 1, 'de')).toBeNull();
    localStorage.setItem(draftKey(1, 'de'), JSON.stringify({ ...draft('x'), doc: { ...draft('x').doc, sections: [{ key: 1 }] } }));
    expect(loadDraft(localStorage, 1, 'de')).toBeNull();
  });

  it('report a full storage instead of throwing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveDraft(localStorage, 1, 'de', draft('x'))).toBe(false);
  });

  it('compare by what shows, not by section keys', () => {
    const a = draft('T').doc;
    const b = { ...a, sections: a.sections.map((s) => ({ ...s, key: 'other', content: '<p>x</p>' })) };
    expect(docFingerprint(a)).toBe(docFingerprint(b));
    expect(docFingerprint(a)).not.toBe(docFingerprint({ ...a, title: 'U' }));
  });
});
