import { describe, expect, it } from 'vitest';
import { isEmail, parseEmailList, validateEmailList } from './emailList';

describe('parseEmailList', () => {
  it('splits on commas, trims and drops empties and duplicates', () => {
    expect(parseEmailList(' a@kssg.ch, ,b@kssg.ch,A@KSSG.ch ,')).toEqual(['a@kssg.ch', 'b@kssg.ch']);
  });
  it('accepts line breaks and semicolons as separators too', () => {
    expect(parseEmailList('a@kssg.ch\nb@kssg.ch; c@kssg.ch')).toEqual(['a@kssg.ch', 'b@kssg.ch', 'c@kssg.ch']);
  });
});

describe('isEmail', () => {
  it.each(['max.member@kssg.ch', 'e2e-1@sub.example.org', 'a+b@x.io'])('accepts %s', (e) => expect(isEmail(e)).toBe(true));
  it.each(['max', 'max@', '@kssg.ch', 'max@kssg', 'max @kssg.ch', 'a@b.c', 'a@@b.ch'])('rejects %s', (e) => expect(isEmail(e)).toBe(false));
});

describe('validateEmailList', () => {
  it('passes a valid list', () => {
    expect(validateEmailList('a@kssg.ch, b@kssg.ch')).toEqual({ emails: ['a@kssg.ch', 'b@kssg.ch'], invalid: [], error: null });
  });
  it('names the invalid entries with the spec message key', () => {
    expect(validateEmailList('a@kssg.ch, nope, also@bad')).toEqual({ emails: ['a@kssg.ch', 'nope', 'also@bad'], invalid: ['nope', 'also@bad'], error: 'validation.emailList' });
  });
  it('requires at least one address', () => {
    expect(validateEmailList(' , ').error).toBe('validation.required');
  });
});
