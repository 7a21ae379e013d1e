import { useId } from 'react';
import { computeBars } from '../lib/bars';

interface BarChartProps {
  title: string;
  items: { label: string; value: number }[];
  /** explicit 100 % value, e.g. the total member count */
  max?: number;
}

/** Horizontal CSS bar chart; every bar is a labelled meter so screen readers get the numbers. */
export function BarChart({ title, items, max }: BarChartProps) {
  const id = useId();
  const bars = computeBars(items, max);
  const top = max ?? Math.max(0, ...bars.map((b) => b.value));
  return (
    <figure className="bar-chart" aria-labelledby={id}>
      <figcaption id={id} className="bar-chart__title">
        {title}
      </figcaption>
      <ul className="bar-chart__rows">
        {bars.map((bar, i) => (
          <li key={`${bar.label}-${i}`} className="bar-chart__row">
            <span className="bar-chart__label">{bar.label}</span>
            <span className="bar-chart__track" role="meter" aria-label={bar.label} aria-valuenow={bar.value} aria-valuemin={0} aria-valuemax={Math.max(top, bar.value)}>
              <span className="bar-chart__bar" style={{ width: `${bar.percent}%` }} />
            </span>
            <span className="bar-chart__value">{bar.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
