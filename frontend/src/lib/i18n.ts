import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, initialLanguage, isLanguage, type Language } from './language';

// Each language is its own chunk, loaded when it is first used, so that a reader's first
// page carries one language and not four (a test keeps the four complete, so no fallback
// language needs loading beside the chosen one).
const loaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  de: () => import('../locales/de.json'),
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
  it: () => import('../locales/it.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, done) {
    if (!isLanguage(language)) {
      done(null, {});
      return;
    }
    loaders[language]().then(
      (module) => done(null, module.default),
      (err: Error) => done(err, null),
    );
  },
};

/** Resolves once the first language is loaded; the app renders after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: typeof window === 'undefined' ? DEFAULT_LANGUAGE : initialLanguage(),
    fallbackLng: false,
    supportedLngs: ['de', 'en', 'fr', 'it'],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export { i18n };
