/** Texts kept in the four languages ({de, en, fr, it}, German required), e.g. metadata names. */
import type { Texts } from '@/lib/api-types.gen';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/language';

export const emptyTexts = (): Texts => ({ de: '', en: '', fr: '', it: '' });

/** The text in `language` (the UI language), or the German one when that language has none. */
export function textIn(texts: Texts, language: string): string {
  const own = isLanguage(language) ? texts[language] : '';
  return own.trim() ? own : texts[DEFAULT_LANGUAGE];
}
