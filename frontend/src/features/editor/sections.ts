/** The guideline being edited, apart from the editors' own state, and how it becomes a version. */
import type { GuidelinesDetail as Detail, DetailInput, Extern, Version as GuidelineVersion, SearchTag, VersionInput } from '@/lib/api-types.gen';

/** Limits of a version (services/guidelines/authoring.go). */
export const LIMITS = {
  title: 300,
  description: 4000,
  tags: 50,
  tag: 100,
  sections: 200,
  /** bytes of one section's HTML */
  content: 1 << 20,
  /** HTML of a template, a snippet rather than a guideline (the server's bound) */
  template: 256 << 10,
  /** bytes of one section's editor state */
  rawContent: 2 << 20,
} as const;

/** A section in the editor. `key` is the editor's own; `id` the server's, kept across versions. */
export interface EditorSection {
  key: string;
  id: number | null;
  title: string;
  /** editor state JSON to open the section with */
  rawContent: string;
  /** stored HTML, read when there is no editor state */
  content: string;
  /** a reference to a section of another guideline instead of own text */
  extern: Extern | null;
}

export interface EditorMeta {
  title: string;
  description: string;
  tags: string[];
  searchTags: SearchTag[];
}

export interface EditorDoc extends EditorMeta {
  sections: EditorSection[];
}

let counter = 0;
/** A key no other section of this page has. */
export const newSectionKey = () => `s${Date.now().toString(36)}${(counter++).toString(36)}`;

export function emptySection(): EditorSection {
  return { key: newSectionKey(), id: null, title: '', rawContent: '', content: '', extern: null };
}

export function emptyDoc(): EditorDoc {
  return { title: '', description: '', tags: [], searchTags: [], sections: [emptySection()] };
}

/**
 * The editor's document from a saved version. A version of another language (a translation's
 * starting point) loses its section ids: they are per language.
 */
export function docFromVersion(v: GuidelineVersion, keepIds: boolean): EditorDoc {
  return {
    title: v.title,
    description: v.description,
    tags: [...(v.tags ?? [])],
    searchTags: (v.searchTags ?? []).map((s) => ({ ...s })),
    sections: (v.details ?? []).map((d) => ({
      key: newSectionKey(),
      id: keepIds ? d.id : null,
      title: d.title,
      rawContent: d.rawContent,
      content: d.content,
      extern: d.extern ?? null,
    })),
  };
}

/** The list with the item at `index` moved by `delta` places (clamped); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + delta));
  if (index < 0 || index >= list.length || to === index) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item);
  return next;
}

/** A section's text as saved: HTML for readers and the editor state to reopen it. */
export interface SectionText {
  content: string;
  rawContent: string;
}

/** The body of addGuidelineVersion. Sections keep their ids; new ones have none. */
export function buildVersionInput(guidelineId: number, language: string, doc: EditorDoc, texts: ReadonlyMap<string, SectionText>): VersionInput {
  return {
    guidelineId,
    language,
    title: doc.title.trim(),
    description: doc.description.trim(),
    tags: doc.tags,
    searchTags: doc.searchTags,
    details: doc.sections.map((s): DetailInput => {
      const base: DetailInput = s.id !== null ? { id: s.id, title: s.title.trim(), content: '', rawContent: '' } : { title: s.title.trim(), content: '', rawContent: '' };
      if (s.extern) return { ...base, extern: s.extern };
      const text = texts.get(s.key);
      return { ...base, content: text?.content ?? s.content, rawContent: text?.rawContent ?? s.rawContent };
    }),
  };
}

/**
 * Section ids after a save: the saved version lists its sections in the order they were sent,
 * so the n-th key sent gets the n-th id. Sections added since keep having none.
 */
export function assignIds(sections: readonly EditorSection[], sentKeys: readonly string[], saved: readonly Pick<Detail, 'id'>[]): EditorSection[] {
  const ids = new Map<string, number>();
  sentKeys.forEach((key, i) => {
    const d = saved[i];
    if (d) ids.set(key, d.id);
  });
  return sections.map((s) => (ids.has(s.key) ? { ...s, id: ids.get(s.key) ?? s.id } : s));
}

/** Size in bytes of text sent as UTF-8. */
export const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** Adds a tag unless it is empty, too long or already there; the list is returned unchanged then. */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  if (!tag || tag.length > LIMITS.tag || tags.length >= LIMITS.tags || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}
