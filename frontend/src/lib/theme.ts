/** Space colours become CSS variables and the browser theme-color (spec §9). */

export const DEFAULT_PRIMARY = '#639748';
export const DEFAULT_ACCENT = '#886622';
export const LANDING_PRIMARY = '#2B3840';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

function expand(hex: string): string {
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}

/** Black or white, whichever reads better on the given background. */
export function contrastText(hex: string): string {
  const full = expand(hex);
  const r = parseInt(full.slice(1, 3), 16);
  const g = parseInt(full.slice(3, 5), 16);
  const b = parseInt(full.slice(5, 7), 16);
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.62 ? '#1a1f23' : '#ffffff';
}

export function applyColors(primary: string | undefined, accent: string | undefined): void {
  const p = (primary && isHexColor(primary) ? expand(primary) : DEFAULT_PRIMARY).toLowerCase();
  const a = (accent && isHexColor(accent) ? expand(accent) : DEFAULT_ACCENT).toLowerCase();
  const root = document.documentElement;
  root.style.setProperty('--color-primary', p);
  root.style.setProperty('--color-on-primary', contrastText(p));
  root.style.setProperty('--color-accent', a);
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = p;
}

export type ThemeMode = 'light' | 'dark';

export function applyThemeMode(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
}

export function systemThemeMode(): ThemeMode {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
