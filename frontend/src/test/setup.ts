import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const name of ['vademecum_space', 'lang']) document.cookie = `${name}=; path=/; max-age=0`;
});
