import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/language';

/** Where the reader points: a guideline, its language, a section and the source space of a shared one. */
export interface ReaderTarget {
  id: number;
  language: Language;
  detailId: number | null;
  space: number | null;
}

const positiveInt = (value: string | undefined | null): number | null =>
  value && /^[1-9][0-9]{0,17}$/.test(value) ? Number(value) : null;

/**
 * Reads `/guideline/{id}/{lang?}/{detailId?}` by the rules of spec §2: the language defaults to
 * de; a numeric second segment is the detail id and the language is de. `?space=` names the
 * source space of a shared guideline. Null when the id is not an id (the page is not found).
 */
export function parseReaderTarget(params: { id?: string; lang?: string; detailId?: string }, search: URLSearchParams): ReaderTarget | null {
  const id = positiveInt(params.id);
  if (id === null) return null;
  const space = positiveInt(search.get('space'));
  const second = params.lang;
  if (second !== undefined && positiveInt(second) !== null) {
    if (params.detailId !== undefined) return null;
    return { id, language: DEFAULT_LANGUAGE, detailId: positiveInt(second), space };
  }
  if (second !== undefined && !isLanguage(second)) return null;
  const detail = params.detailId === undefined ? null : positiveInt(params.detailId);
  if (params.detailId !== undefined && detail === null) return null;
  return { id, language: second ?? DEFAULT_LANGUAGE, detailId: detail, space };
}

/** The reader's path of a guideline language (and section), keeping the source space of a shared one. */
export function readerPath(id: number, language: string, detailId?: number | null, space?: number | null): string {
  const path = `/guideline/${id}/${language}${detailId ? `/${detailId}` : ''}`;
  return space ? `${path}?space=${space}` : path;
}

/** The DOM id of a section, the target of deep links. */
export const detailAnchor = (detailId: number) => `detail-${detailId}`;

/** The printed version a print's QR code names (`?print=<version>`), or null. */
export function printedVersion(search: URLSearchParams): number | null {
  const value = search.get('print');
  if (!value || !/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}
