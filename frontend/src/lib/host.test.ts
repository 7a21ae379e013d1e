import { describe, expect, it } from 'vitest';
import { baseDomainFromHost, spaceUrl, subdomainFromHost } from './host';

describe('subdomainFromHost', () => {
  it('takes the first label when the host has at least three labels', () => {
    expect(subdomainFromHost('kssg.vademecum.localhost')).toBe('kssg');
    expect(subdomainFromHost('www.vademecum.ch')).toBe('www');
    expect(subdomainFromHost('Insel.a.b.c')).toBe('insel');
  });
  it('returns empty for short hosts so the server picks the default space', () => {
    expect(subdomainFromHost('localhost')).toBe('');
    expect(subdomainFromHost('vademecum.localhost')).toBe('');
  });
});

describe('baseDomainFromHost', () => {
  it('drops the first label', () => {
    expect(baseDomainFromHost('kssg.vademecum.localhost')).toBe('vademecum.localhost');
  });
  it('keeps short hosts', () => {
    expect(baseDomainFromHost('localhost')).toBe('localhost');
  });
});

describe('spaceUrl', () => {
  it('builds a sibling host with port', () => {
    expect(spaceUrl('insel', { protocol: 'http:', hostname: 'kssg.vademecum.localhost', port: '8080' })).toBe(
      'http://insel.vademecum.localhost:8080/',
    );
  });
  it('omits an empty port', () => {
    expect(spaceUrl('www', { protocol: 'https:', hostname: 'kssg.vademecum.ch', port: '' })).toBe('https://www.vademecum.ch/');
  });
});
