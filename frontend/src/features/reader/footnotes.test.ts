import { describe, expect, it } from 'vitest';
import { footnotePrefix, prefixFootnotes } from './footnotes';

const section = (text: string) =>
  `<p>${text}<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup></p>` +
  `<section data-footnotes=""><ol><li id="fn1">Quelle ${text} <a href="#ref-fn1">↩</a></li></ol></section>`;

describe('footnote prefixing', () => {
  it('keeps the footnotes of two sections apart', () => {
    const a = prefixFootnotes(section('A'), footnotePrefix(1));
    const b = prefixFootnotes(section('B'), footnotePrefix(2));
    const page = document.createElement('div');
    page.innerHTML = a + b;
    expect(page.querySelectorAll('#d1-fn1')).toHaveLength(1);
    expect(page.querySelectorAll('#d2-fn1')).toHaveLength(1);
    expect(page.querySelector('#d1-ref-fn1 a')?.getAttribute('href')).toBe('#d1-fn1');
    expect(page.querySelector('#d2-fn1 a')?.getAttribute('href')).toBe('#d2-ref-fn1');
    expect(page.querySelector('#d2-fn1')?.textContent).toContain('Quelle B');
  });

  it('leaves other anchors and text without footnotes alone', () => {
    const html = '<p><a href="#top">oben</a> <a href="https://example.org/#fn1">extern</a></p>';
    expect(prefixFootnotes(html, 'd1-')).toBe(html);
    const mixed = prefixFootnotes(`<p><a href="#top">oben</a></p>${section('A')}`, 'd1-');
    expect(mixed).toContain('href="#top"');
    expect(mixed).toContain('href="#d1-fn1"');
  });
});
