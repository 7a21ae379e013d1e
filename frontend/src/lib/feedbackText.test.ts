import { describe, expect, it } from 'vitest';
import { MAX_SUBJECT, MAX_TEXT, subjectError, textError, textLength } from './feedbackText';

describe('feedback texts', () => {
  it('are required and bounded as the server bounds them', () => {
    expect(textError('  \n ')).toBe('validation.required');
    expect(textError(' Frage ')).toBeNull();
    expect(textError('ä'.repeat(MAX_TEXT))).toBeNull();
    expect(textError('ä'.repeat(MAX_TEXT + 1))).toBe('validation.tooLong');
    expect(textLength('😀😀 ')).toBe(2);
  });

  it('take an empty subject, not an over-long one', () => {
    expect(subjectError('')).toBeNull();
    expect(subjectError('s'.repeat(MAX_SUBJECT + 1))).toBe('validation.tooLong');
  });
});
