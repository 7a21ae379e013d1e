/** Bar chart arithmetic: widths in percent of the largest value (or an explicit maximum). */

export interface Bar {
  label: string;
  value: number;
  /** 0–100; a non-zero value is never thinner than MIN_VISIBLE so it stays visible. */
  percent: number;
}

export const MIN_VISIBLE = 2;

export function computeBars(items: readonly { label: string; value: number }[], max?: number): Bar[] {
  const top = max ?? Math.max(0, ...items.map((i) => i.value));
  return items.map(({ label, value }) => {
    const safe = Number.isFinite(value) && value > 0 ? value : 0;
    if (safe === 0 || top <= 0) return { label, value: safe, percent: 0 };
    const percent = Math.min(100, (safe / top) * 100);
    return { label, value: safe, percent: Math.max(MIN_VISIBLE, Math.round(percent * 10) / 10) };
  });
}
