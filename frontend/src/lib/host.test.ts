import { afterEach, describe, expect, it } from 'vitest';
import { baseDomainFromHost, currentSubdomain, spaceUrl, subdomainFromHost } from './host';

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

describe('on a custom domain', () => {
  afterEach(() => document.head.querySelectorAll('meta[name^="vademecum-"]').forEach((m) => m.remove()));

  it('takes the space and the base domain from the meta tags the server puts in the page', () => {
    document.head.insertAdjacentHTML('afterbegin', '<meta name="vademecum-space" content="kssg"><meta name="vademecum-base-domain" content="vademecum.ch">');
    expect(currentSubdomain()).toBe('kssg');
    expect(spaceUrl('www', { protocol: 'https:', hostname: 'richtlinien.kssg.ch', port: '' })).toBe('https://www.vademecum.ch/');
  });
});
