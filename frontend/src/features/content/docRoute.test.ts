import { describe, expect, it } from 'vitest';
import { docRoute } from './docRoute';

describe('document route', () => {
  it('maps /doc/{token}/{language}; anything but a language is German', () => {
    expect(docRoute('/doc/legal/fr')).toEqual({ token: 'legal', lang: 'fr' });
    expect(docRoute('/doc/privacy/xx')).toEqual({ token: 'privacy', lang: 'de' });
    expect(docRoute('/doc/help')).toEqual({ token: 'help', lang: 'de' });
    expect(docRoute('/doc/%E0%A4%A/it')).toEqual({ token: '%E0%A4%A', lang: 'it' });
  });
});
