import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18nReady } from '../lib/i18n';

await i18nReady;

window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const name of ['vademecum_space', 'lang']) document.cookie = `${name}=; path=/; max-age=0`;
});
