import { describe, expect, it } from 'vitest';
import type { Space } from '@/lib/types';
import { settingsChanged, settingsFieldFromServer, settingsFrom, settingsInput, validateSettings } from './settings';

const space: Space = {
  id: 4,
  title: 'Inselspital Bern',
  subdomain: 'insel',
  color: '#0067a5',
  accentColor: '',
  emailDomains: ['insel.ch'],
  tags: [],
  variables: {},
  lpvisible: false,
  national: true,
  public: false,
  position: 7,
  member: true,
  selfSignup: false, adminsNeedSecondFactor: false,
};

describe('space settings form', () => {
  it('starts from the space, with the default accent colour when it has none', () => {
    expect(settingsFrom(space)).toEqual({ title: 'Inselspital Bern', color: '#0067a5', accentColor: '#886622', emailDomains: 'insel.ch' });
  });

  it('validates title, colours and domains', () => {
    const ok = settingsFrom(space);
    expect(validateSettings(ok)).toEqual({});
    expect(validateSettings({ ...ok, title: ' ', color: '', accentColor: 'blue', emailDomains: 'Insel.ch' })).toEqual({
      title: 'validation.required',
      color: 'validation.required',
      accentColor: 'validation.hexColor',
      emailDomains: 'validation.domains',
    });
    expect(validateSettings({ ...ok, accentColor: '' })).toEqual({});
  });

  it('sends the fields a space admin may not change as they are, images only when touched', () => {
    const values = { title: ' Insel ', color: '#111111', accentColor: '#222222', emailDomains: 'insel.ch, , extern.insel.ch' };
    expect(settingsInput(space, values)).toEqual({
      id: 4,
      title: 'Insel',
      subdomain: 'insel',
      color: '#111111',
      accentColor: '#222222',
      emailDomains: ['insel.ch', 'extern.insel.ch'],
      lpvisible: false,
      national: true,
      public: false,
      position: 7,
      selfSignup: false,
      adminsNeedSecondFactor: false,
    });
    expect(settingsInput(space, values, {}, { selfSignup: true, adminsNeedSecondFactor: false })).toMatchObject({ selfSignup: true, adminsNeedSecondFactor: false });
    expect(settingsInput(space, values, { logo: '', icon: 'data:image/png;base64,AA==' })).toMatchObject({ logo: '', icon: 'data:image/png;base64,AA==' });
    expect(settingsInput(space, values, { logo: undefined })).not.toHaveProperty('logo');
  });

  it('knows whether anything changed', () => {
    const values = settingsFrom(space);
    expect(settingsChanged(space, values)).toBe(false);
    expect(settingsChanged(space, { ...values, emailDomains: ' insel.ch ,' })).toBe(false);
    expect(settingsChanged(space, { ...values, color: '#0067A5' })).toBe(false);
    expect(settingsChanged(space, { ...values, title: 'Insel' })).toBe(true);
  });

  it('maps server fields', () => {
    expect(settingsFieldFromServer('space.accentColor')).toBe('accentColor');
    expect(settingsFieldFromServer('space.subdomain')).toBeNull();
    expect(settingsFieldFromServer(undefined)).toBeNull();
  });
});
