import { describe, expect, it } from 'vitest';
import { documentUrl, isEmail, isEmbedSrc, isMediaSrc, normalizeLink, parseVideoUrl } from './links';

describe('normalizeLink', () => {
  it.each([
    ['https://www.sgaim.ch/', 'https://www.sgaim.ch/'],
    ['  http://example.org/a?b=1#c ', 'http://example.org/a?b=1#c'],
    ['www.kssg.ch/notfall', 'https://www.kssg.ch/notfall'],
    ['kssg.ch', 'https://kssg.ch'],
    ['apotheke@kssg.ch', 'mailto:apotheke@kssg.ch'],
    ['mailto:a.b+c@x-y.ch', 'mailto:a.b+c@x-y.ch'],
    ['tel:+41 71 494 11 11', 'tel:+41714941111'],
    ['/guideline/12/de/5', '/guideline/12/de/5'],
    [documentUrl('abc'), '/api/common/get/document/abc'],
    ['#fn1', '#fn1'],
    ['http://localhost:8080/x', 'http://localhost:8080/x'],
  ])('accepts %s', (input, href) => {
    expect(normalizeLink(input)).toBe(href);
  });

  it.each(['', '   ', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', 'ftp://x.org/', '//evil.example/x', 'nur text', 'http://', 'https://exa mple.org', 'mailto:nobody', 'tel:abc', 'a@b', '/path with space'])(
    'refuses %j',
    (input) => {
      expect(normalizeLink(input)).toBeNull();
    },
  );
});

describe('isEmail', () => {
  it('accepts addresses and refuses the rest', () => {
    expect(isEmail('anna.keller@kssg.ch')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.ch')).toBe(false);
    expect(isEmail('@c.ch')).toBe(false);
  });
});

describe('parseVideoUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('embeds %s', (input, src) => {
    const embed = parseVideoUrl(input);
    expect(embed?.src).toBe(src);
    expect(isEmbedSrc(src)).toBe(true);
  });

  it.each(['https://evil.example/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=<script>', 'https://vimeo.com/about', 'not a url', 'javascript:alert(1)'])('refuses %s', (input) => {
    expect(parseVideoUrl(input)).toBeNull();
  });

  it('knows which media addresses the server keeps', () => {
    expect(isMediaSrc(documentUrl('abc'))).toBe(true);
    expect(isMediaSrc('https://cdn.example/v.mp4')).toBe(true);
    expect(isMediaSrc('javascript:alert(1)')).toBe(false);
    expect(isMediaSrc('//evil.example/v.mp4')).toBe(false);
  });
});
