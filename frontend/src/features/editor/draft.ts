/**
 * Drafts: the unsaved state of the editor kept in this browser's localStorage, per guideline
 * and language (and so per space, which has its own host). Saving a version clears it; opening
 * the editor again offers to restore it. Versions are only created on explicit save.
 */
import type { EditorDoc } from './sections';

export interface Draft {
  v: 1;
  /** ISO time of the last change */
  savedAt: string;
  /** the version the changes started from; null for a language without one */
  baseVersion: number | null;
  doc: EditorDoc;
}

export const draftKey = (guidelineId: number, language: string) => `vademecum.editorDraft.${guidelineId}.${language}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isDraft(v: unknown): v is Draft {
  if (!isRecord(v) || v.v !== 1 || typeof v.savedAt !== 'string' || !isRecord(v.doc)) return false;
  const d = v.doc;
  return (
    typeof d.title === 'string' &&
    typeof d.description === 'string' &&
    Array.isArray(d.tags) &&
    Array.isArray(d.searchTags) &&
    Array.isArray(d.sections) &&
    d.sections.every((s) => isRecord(s) && typeof s.key === 'string' && typeof s.title === 'string' && typeof s.rawContent === 'string')
  );
}

/** Stores a draft; false when the browser refuses (storage full or disabled). */
export function saveDraft(storage: Storage, guidelineId: number, language: string, draft: Draft): boolean {
  try {
    storage.setItem(draftKey(guidelineId, language), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** The stored draft, or null when there is none or it cannot be read. */
export function loadDraft(storage: Storage, guidelineId: number, language: string): Draft | null {
  try {
    const text = storage.getItem(draftKey(guidelineId, language));
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    if (!isDraft(value)) return null;
    return {
      ...value,
      doc: {
        ...value.doc,
        sections: value.doc.sections.map((s) => ({ ...s, id: typeof s.id === 'number' ? s.id : null, content: typeof s.content === 'string' ? s.content : '', extern: s.extern ?? null })),
      },
    };
  } catch {
    return null;
  }
}

export function clearDraft(storage: Storage, guidelineId: number, language: string): void {
  try {
    storage.removeItem(draftKey(guidelineId, language));
  } catch {
    // storage disabled: nothing stored either
  }
}

/** What a user would see of a document: used to tell whether a draft differs from the saved version. */
export function docFingerprint(doc: EditorDoc): string {
  return JSON.stringify([doc.title, doc.description, doc.tags, doc.searchTags, doc.sections.map((s) => [s.id, s.title, contentOf(s.rawContent), s.extern])]);
}

/** Editor state without what does not show (selection and formatting of empty text). */
function contentOf(raw: string): unknown {
  try {
    const json = JSON.parse(raw) as { root?: unknown };
    return json.root ?? raw;
  } catch {
    return raw;
  }
}
