import { describe, expect, it } from 'vitest';
import { computeBars, MIN_VISIBLE } from './bars';

describe('computeBars', () => {
  it('scales to the largest value', () => {
    expect(computeBars([{ label: 'a', value: 10 }, { label: 'b', value: 5 }, { label: 'c', value: 0 }]).map((b) => b.percent)).toEqual([100, 50, 0]);
  });
  it('scales to an explicit maximum such as the member total', () => {
    expect(computeBars([{ label: 'authors', value: 1 }, { label: 'others', value: 3 }], 4).map((b) => b.percent)).toEqual([25, 75]);
  });
  it('keeps tiny non-zero values visible and caps at 100', () => {
    const bars = computeBars([{ label: 'big', value: 1000 }, { label: 'tiny', value: 1 }, { label: 'over', value: 2000 }], 1000);
    expect(bars.map((b) => b.percent)).toEqual([100, MIN_VISIBLE, 100]);
  });
  it('handles empty data, a zero maximum and bad numbers', () => {
    expect(computeBars([])).toEqual([]);
    expect(computeBars([{ label: 'a', value: 0 }])[0].percent).toBe(0);
    expect(computeBars([{ label: 'a', value: 3 }], 0)[0].percent).toBe(0);
    expect(computeBars([{ label: 'a', value: Number.NaN }, { label: 'b', value: -2 }]).map((b) => [b.value, b.percent])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
  it('rounds to one decimal', () => {
    expect(computeBars([{ label: 'a', value: 1 }], 3)[0].percent).toBe(33.3);
  });
});
