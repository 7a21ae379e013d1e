import { describe, expect, it } from 'vitest';
import { fieldFromServer, parseDomains, validateSpaceForm } from './validation';

const valid = { title: 'KSSG', subdomain: 'kssg-2', color: '#aa3322', accentColor: '', emailDomains: 'kssg.ch, h-och.ch', position: '3' };

describe('validateSpaceForm', () => {
  it('accepts a valid space', () => {
    expect(validateSpaceForm(valid)).toEqual({});
  });
  it('requires title and subdomain', () => {
    expect(validateSpaceForm({ ...valid, title: ' ', subdomain: '' })).toMatchObject({ title: 'validation.required', subdomain: 'validation.required' });
  });
  it('checks the subdomain rule', () => {
    for (const bad of ['1abc', 'abc-', 'ABC', 'a_b', 'a.b']) expect(validateSpaceForm({ ...valid, subdomain: bad }).subdomain).toBe('validation.subdomain');
    expect(validateSpaceForm({ ...valid, subdomain: 'a' }).subdomain).toBeUndefined();
  });
  it('checks colours and domains', () => {
    expect(validateSpaceForm({ ...valid, color: 'red' }).color).toBe('validation.hexColor');
    expect(validateSpaceForm({ ...valid, accentColor: '#12' }).accentColor).toBe('validation.hexColor');
    expect(validateSpaceForm({ ...valid, emailDomains: 'KSSG.ch' }).emailDomains).toBe('validation.domains');
    expect(validateSpaceForm({ ...valid, emailDomains: '' }).emailDomains).toBeUndefined();
  });
});

describe('helpers', () => {
  it('parses comma separated domains', () => {
    expect(parseDomains(' a.ch, ,b.ch ')).toEqual(['a.ch', 'b.ch']);
  });
  it('maps server fields', () => {
    expect(fieldFromServer('space.subdomain')).toBe('subdomain');
    expect(fieldFromServer('space.logo')).toBeNull();
  });
});
