import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/language';

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * /doc/{first}/{second}: the first segment names the document (its token: legal, privacy,
 * disclaimer, help, newsletter, regulatory), the second its language; a second segment that
 * is no language means German.
 */
export function docRoute(pathname: string): { token: string; lang: Language } {
  const [, , first = '', second = ''] = pathname.split('/');
  return { token: decode(first), lang: isLanguage(second) ? second : DEFAULT_LANGUAGE };
}
