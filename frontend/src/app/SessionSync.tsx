import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_VERSION, useApiVersion } from '../lib/endpoints/getApiVersion';
import { useProfile } from '../lib/endpoints/getProfile';
import { isLanguage } from '../lib/language';
import { applyThemeMode, systemThemeMode } from '../lib/theme';
import { isSignedIn } from '../lib/types';

/** Applies the profile's language and dark-mode preference once the profile is known; logs the versions. */
export function SessionSync() {
  const { i18n } = useTranslation();
  const { data: profile } = useProfile();
  const { data: apiVersion } = useApiVersion();

  useEffect(() => {
    if (apiVersion) console.info(`Vademecum UI ${UI_VERSION}, API ${apiVersion.version}`);
  }, [apiVersion]);

  useEffect(() => {
    if (profile && isLanguage(profile.language) && profile.language !== i18n.language) {
      void i18n.changeLanguage(profile.language);
    }
  }, [profile, i18n]);

  useEffect(() => {
    applyThemeMode(isSignedIn(profile) ? (profile?.darkMode ? 'dark' : 'light') : systemThemeMode());
  }, [profile]);

  return null;
}
