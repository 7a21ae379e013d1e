/** How the console shows sizes and counts, in the UI language. */

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** 1536 → "1.5 kB" (en), "1,5 kB" (de): powers of 1000, one decimal below 10. */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  return new Intl.NumberFormat(language, { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
}

/** 12345 → "12,345" (en), "12.345" (de). */
export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}

/** Progress 0..1 as a whole percentage, clamped. */
export function percent(progress: number): number {
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}
