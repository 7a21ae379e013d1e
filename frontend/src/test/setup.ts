import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18nReady } from '../lib/i18n';

await i18nReady;

window.scrollTo = () => undefined;

// jsdom has no ResizeObserver; Radix measures a switch inside a form with one.
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const name of ['vademecum_space', 'lang']) document.cookie = `${name}=; path=/; max-age=0`;
});
