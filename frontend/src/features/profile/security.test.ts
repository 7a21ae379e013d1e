import { describe, expect, it } from 'vitest';
import { groupSecret, isTotpCode, normaliseCode, passwordLength, recoveryCodesText } from './security';

describe('security helpers', () => {
  it('counts characters as people do', () => {
    expect(passwordLength('Grüezi')).toBe(6);
    expect(passwordLength('😀😀')).toBe(2);
  });

  it('takes six-digit codes with or without spaces', () => {
    expect(normaliseCode(' 123 456 ')).toBe('123456');
    expect(isTotpCode('123 456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('abcdef')).toBe(false);
  });

  it('groups the secret by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });

  it('writes the recovery codes one a line', () => {
    expect(recoveryCodesText({ title: 'Codes for a@b.ch', date: 'Created 24.11.2026', note: 'Each once.', codes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] })).toBe(
      'Codes for a@b.ch\nCreated 24.11.2026\n\nEach once.\n\naaaa-bbbb-cccc\ndddd-eeee-ffff\n',
    );
  });
});
