/**
 * Readable differences between two versions of a guideline language: the sections are matched
 * by their stable ids, their HTML is reduced to text with one line per block, and titles and
 * texts are compared word by word.
 */
import { diffWordsWithSpace } from 'diff';
import type { GuidelinesDetail as Detail, Version as GuidelineVersion } from './api-types.gen';

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffPart {
  value: string;
  kind: DiffKind;
}

export interface TextDiff {
  parts: DiffPart[];
  changed: boolean;
}

export type SectionStatus = 'added' | 'removed' | 'changed' | 'unchanged';

export interface SectionDiff {
  /** stable id of the section (the same in every version of a language) */
  id: number;
  status: SectionStatus;
  title: TextDiff;
  text: TextDiff;
}

export interface VersionDiff {
  title: TextDiff;
  description: TextDiff;
  tags: TextDiff;
  sections: SectionDiff[];
  /** sections added, removed or changed */
  changedSections: number;
}

/** Upper bound of word edits per text; beyond it the texts are shown as replaced whole. */
export const MAX_EDIT_LENGTH = 4000;

const BLOCKS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DETAILS', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE', 'FOOTER',
  'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TBODY',
  'THEAD', 'TFOOT', 'TR', 'UL', 'CAPTION',
]);

/**
 * Text of sanitised guideline HTML as a reader perceives it: one line per paragraph, list item,
 * heading or table row (cells separated by " | "), list items marked with "• ", images by
 * their alternative text. Whitespace inside a line is collapsed as a browser would.
 */
export function htmlToText(html: string): string {
  if (!html.trim()) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const lines: string[] = [];
  let line = '';
  const breakLine = () => {
    const text = line.replace(/[ \t\f\r\n]+/g, ' ').trim();
    if (text) lines.push(text);
    line = '';
  };
  const walk = (node: Node, pre: boolean) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const value = node.textContent ?? '';
      if (!pre) {
        line += value;
        return;
      }
      const parts = value.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) breakLine();
        line += part.replace(/ /g, '\u00a0');
      });
      return;
    }
    if (!(node instanceof Element)) return;
    const tag = node.tagName;
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE') return;
    if (tag === 'BR') {
      breakLine();
      return;
    }
    if (tag === 'IMG') {
      const alt = node.getAttribute('alt')?.trim();
      if (alt) line += ` [${alt}] `;
      return;
    }
    const block = BLOCKS.has(tag);
    if (block) breakLine();
    if (tag === 'LI') line += '• ';
    if ((tag === 'TD' || tag === 'TH') && node.previousElementSibling) line += ' | ';
    node.childNodes.forEach((child) => walk(child, pre || tag === 'PRE'));
    if (block) breakLine();
  };
  doc.body.childNodes.forEach((child) => walk(child, false));
  breakLine();
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/** Word-by-word difference of two texts; whitespace and line breaks are kept as they are. */
export function diffText(before: string, after: string): TextDiff {
  if (before === after) return { parts: before ? [{ value: before, kind: 'same' }] : [], changed: false };
  if (!before) return { parts: [{ value: after, kind: 'added' }], changed: true };
  if (!after) return { parts: [{ value: before, kind: 'removed' }], changed: true };
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) {
    return {
      parts: [
        { value: before, kind: 'removed' },
        { value: after, kind: 'added' },
      ],
      changed: true,
    };
  }
  return { parts: joinChanges(changes.map((c) => ({ value: c.value, kind: c.added ? 'added' : c.removed ? 'removed' : 'same' }))), changed: true };
}

/**
 * Reads like an editor's mark-up: neighbouring changes separated only by spaces become one
 * removed run followed by one added run ("1 g" → "500 mg" rather than word by word).
 */
function joinChanges(raw: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ value: removed, kind: 'removed' });
    if (added) out.push({ value: added, kind: 'added' });
    removed = '';
    added = '';
  };
  raw.forEach((p, i) => {
    if (!p.value) return;
    if (p.kind === 'removed') removed += p.value;
    else if (p.kind === 'added') added += p.value;
    else if ((removed || added) && /^[ \t]+$/.test(p.value) && raw[i + 1] && raw[i + 1].kind !== 'same') {
      removed += p.value;
      added += p.value;
    } else {
      flush();
      const last = out[out.length - 1];
      if (last && last.kind === 'same') last.value += p.value;
      else out.push({ value: p.value, kind: 'same' });
    }
  });
  flush();
  return out;
}

/** What a section says: its text, or where a reference to another guideline's section points. */
export function sectionText(detail: Pick<Detail, 'content' | 'extern'>): string {
  if (detail.extern) return `→ ${detail.extern.guideline}/${detail.extern.language}#${detail.extern.detail}`;
  return htmlToText(detail.content);
}

type Comparable = Pick<GuidelineVersion, 'title' | 'description' | 'tags'> & { details: Pick<Detail, 'id' | 'title' | 'content' | 'extern'>[] };

/**
 * Compares two versions. Sections keep the order of the newer version; a removed section is
 * shown where it stood, after the last of its predecessors that is still there.
 */
export function diffVersions(before: Comparable, after: Comparable): VersionDiff {
  const oldById = new Map(before.details.map((d) => [d.id, d]));
  const newIds = new Set(after.details.map((d) => d.id));
  const removedAfter = new Map<number | null, SectionDiff[]>();
  let predecessor: number | null = null;
  for (const d of before.details) {
    if (newIds.has(d.id)) {
      predecessor = d.id;
      continue;
    }
    const list = removedAfter.get(predecessor) ?? [];
    list.push({ id: d.id, status: 'removed', title: diffText(d.title, ''), text: diffText(sectionText(d), '') });
    removedAfter.set(predecessor, list);
  }
  const sections: SectionDiff[] = [...(removedAfter.get(null) ?? [])];
  for (const d of after.details) {
    const old = oldById.get(d.id);
    if (!old) {
      sections.push({ id: d.id, status: 'added', title: diffText('', d.title), text: diffText('', sectionText(d)) });
    } else {
      const title = diffText(old.title, d.title);
      const text = diffText(sectionText(old), sectionText(d));
      sections.push({ id: d.id, status: title.changed || text.changed ? 'changed' : 'unchanged', title, text });
    }
    sections.push(...(removedAfter.get(d.id) ?? []));
  }
  return {
    title: diffText(before.title, after.title),
    description: diffText(before.description, after.description),
    tags: diffText(before.tags.join(', '), after.tags.join(', ')),
    sections,
    changedSections: sections.filter((s) => s.status !== 'unchanged').length,
  };
}

/** The parts one side of a side-by-side view shows: the old side without additions, the new side without removals. */
export function sideParts(diff: TextDiff, side: 'old' | 'new'): DiffPart[] {
  const hidden: DiffKind = side === 'old' ? 'added' : 'removed';
  return diff.parts.filter((p) => p.kind !== hidden);
}
