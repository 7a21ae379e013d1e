import { describe, expect, it } from 'vitest';
import { parseGuidelineIds } from './guidelineIds';

describe('guideline id lists', () => {
  it('reads ids separated by commas, spaces and lines, once each', () => {
    expect(parseGuidelineIds('12, 13\n14;12  15')).toEqual([12, 13, 14, 15]);
    expect(parseGuidelineIds('   ')).toEqual([]);
  });

  it('refuses anything that is not an id', () => {
    expect(parseGuidelineIds('12, x')).toBeNull();
    expect(parseGuidelineIds('-3')).toBeNull();
    expect(parseGuidelineIds('1.5')).toBeNull();
  });
});
