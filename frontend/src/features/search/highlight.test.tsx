import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, highlightParts } from './highlight';

describe('search highlights', () => {
  it('splits marks from text and decodes the escaped text', () => {
    expect(highlightParts('Dosis &lt;b&gt; der <mark>Ernährung</mark> &amp; mehr')).toEqual([
      { text: 'Dosis <b> der ', mark: false },
      { text: 'Ernährung', mark: true },
      { text: ' & mehr', mark: false },
    ]);
    expect(highlightParts('&#39;a&#x27; &quot;<MARK>b</MARK>&unknown;')).toEqual([
      { text: `'a' "`, mark: false },
      { text: 'b', mark: true },
      { text: '&unknown;', mark: false },
    ]);
  });

  it('renders only mark elements: escaped or stray markup stays text', () => {
    const { container } = render(
      <p>
        <Highlight html={'&lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror=alert(2)> <mark>Sepsis</mark>'} />
      </p>,
    );
    const p = container.querySelector('p');
    expect(p?.querySelectorAll('*')).toHaveLength(1);
    expect(p?.querySelector('mark')?.textContent).toBe('Sepsis');
    expect(p?.textContent).toBe('<script>alert(1)</script> <img src=x onerror=alert(2)> Sepsis');
  });
});
