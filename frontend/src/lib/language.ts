/** Language resolution (spec §9): profile, else cookie `lang`, else browser language, else de. */
import { baseDomainFromHost } from './host';

export const LANGUAGES = ['de', 'fr', 'it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** Names shown in the language selector, always in their own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  en: 'English',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readCookie(name: string, cookie: string = document.cookie): string {
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return '';
}

export function resolveLanguage(profileLanguage: string | undefined, cookieLanguage: string, browserLanguage: string): Language {
  if (isLanguage(profileLanguage)) return profileLanguage;
  if (isLanguage(cookieLanguage)) return cookieLanguage;
  const browser = browserLanguage.split('-')[0].toLowerCase();
  if (isLanguage(browser)) return browser;
  return DEFAULT_LANGUAGE;
}

export function initialLanguage(): Language {
  return resolveLanguage(undefined, readCookie('lang'), navigator.language || '');
}

/** Stores the language in the `lang` cookie on the parent domain so every space shares it. */
export function writeLanguageCookie(language: Language, hostname: string = window.location.hostname): void {
  const base = baseDomainFromHost(hostname);
  const domain = base.includes('.') ? `; domain=${base}` : '';
  document.cookie = `lang=${language}; path=/${domain}; max-age=31536000; SameSite=Lax`;
}
