import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18nReady } from '../lib/i18n';

await i18nReady;

// findBy… and waitFor wait up to 5 s: on a busy machine a page of rows renders slower than 1 s
configure({ asyncUtilTimeout: 5000 });

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
