import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from './endpoints/getProfile';
import { useSetLanguage } from './endpoints/setLanguage';
import { writeLanguageCookie, type Language } from './language';
import { isSignedIn } from './types';

/** Switches the UI language at once and persists it: cookie always, profile too when signed in. */
export function useLanguageSwitch() {
  const { i18n } = useTranslation();
  const { data: profile } = useProfile();
  const { mutate } = useSetLanguage();
  const signedIn = isSignedIn(profile);
  return useCallback(
    (language: Language) => {
      writeLanguageCookie(language);
      void i18n.changeLanguage(language);
      if (signedIn) mutate(language);
    },
    [i18n, mutate, signedIn],
  );
}
