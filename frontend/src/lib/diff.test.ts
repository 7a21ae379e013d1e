import { describe, expect, it } from 'vitest';
import { diffText, diffVersions, htmlToText, MAX_EDIT_LENGTH, sectionText, sideParts } from './diff';

const section = (id: number, title: string, content: string) => ({ id, title, content, extern: null });
const version = (title: string, details: ReturnType<typeof section>[], description = '', tags: string[] = []) => ({ title, description, tags, details });

describe('htmlToText', () => {
  it('gives one line per block, marks list items and table cells, collapses whitespace', () => {
    const html = '<h2>Dosis</h2><p>Erwachsene:\n   <strong>1 g</strong> alle 6&nbsp;h</p><ul><li>max. 4 g</li><li>nicht bei <em>Leberinsuffizienz</em></li></ul>' +
      '<table><tr><th>Gewicht</th><th>Dosis</th></tr><tr><td>&lt; 50 kg</td><td>15 mg/kg</td></tr></table><p>Zeile<br>zwei</p><p> </p><img src="x.png" alt="Schema">';
    expect(htmlToText(html)).toBe(
      ['Dosis', 'Erwachsene: 1 g alle 6 h', '• max. 4 g', '• nicht bei Leberinsuffizienz', 'Gewicht | Dosis', '< 50 kg | 15 mg/kg', 'Zeile', 'zwei', '[Schema]'].join('\n'),
    );
  });

  it('keeps preformatted lines and ignores empty input', () => {
    expect(htmlToText('<pre>a  b\nc</pre>')).toBe('a  b\nc');
    expect(htmlToText('  ')).toBe('');
  });

  it('never runs scripts or keeps their text', () => {
    expect(htmlToText('<p>ok</p><script>alert(1)</script><style>p{}</style>')).toBe('ok');
  });
});

describe('diffText', () => {
  it('marks removed and added words and keeps the rest', () => {
    const d = diffText('Give 1 g every 6 h', 'Give 500 mg every 6 h');
    expect(d.changed).toBe(true);
    expect(d.parts).toEqual([
      { value: 'Give ', kind: 'same' },
      { value: '1 g', kind: 'removed' },
      { value: '500 mg', kind: 'added' },
      { value: ' every 6 h', kind: 'same' },
    ]);
    expect(sideParts(d, 'old').map((p) => p.value).join('')).toBe('Give 1 g every 6 h');
    expect(sideParts(d, 'new').map((p) => p.value).join('')).toBe('Give 500 mg every 6 h');
  });

  it('handles equal, empty and completely new texts', () => {
    expect(diffText('same', 'same')).toEqual({ parts: [{ value: 'same', kind: 'same' }], changed: false });
    expect(diffText('', '')).toEqual({ parts: [], changed: false });
    expect(diffText('', 'new')).toEqual({ parts: [{ value: 'new', kind: 'added' }], changed: true });
    expect(diffText('old', '')).toEqual({ parts: [{ value: 'old', kind: 'removed' }], changed: true });
  });

  it('shows texts too different to compare as replaced whole', () => {
    const a = Array.from({ length: MAX_EDIT_LENGTH + 10 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: MAX_EDIT_LENGTH + 10 }, (_, i) => `b${i}`).join(' ');
    expect(diffText(a, b).parts).toEqual([
      { value: a, kind: 'removed' },
      { value: b, kind: 'added' },
    ]);
  });
});

describe('diffVersions', () => {
  it('matches sections by id and keeps removed sections where they stood', () => {
    const before = version('Paracetamol', [section(1, 'Indikation', '<p>Fieber</p>'), section(2, 'Alt', '<p>weg</p>'), section(3, 'Dosis', '<p>1 g</p>')], 'd', ['a']);
    const after = version('Paracetamol i.v.', [section(1, 'Indikation', '<p>Fieber</p>'), section(3, 'Dosierung', '<p>1 g</p>'), section(4, 'Neu', '<p>da</p>')], 'd', ['a', 'b']);
    const d = diffVersions(before, after);
    expect(d.sections.map((s) => [s.id, s.status])).toEqual([
      [1, 'unchanged'],
      [2, 'removed'],
      [3, 'changed'],
      [4, 'added'],
    ]);
    expect(d.changedSections).toBe(3);
    expect(d.title.changed).toBe(true);
    expect(d.description.changed).toBe(false);
    expect(d.tags.parts.filter((p) => p.kind === 'added').map((p) => p.value.trim())).toEqual([', b']);
    expect(d.sections[2].title.parts).toEqual([
      { value: 'Dosis', kind: 'removed' },
      { value: 'Dosierung', kind: 'added' },
    ]);
    expect(d.sections[2].text.changed).toBe(false);
  });

  it('puts sections removed before every remaining one first', () => {
    const d = diffVersions(version('t', [section(9, 'Weg', ''), section(1, 'A', '')]), version('t', [section(1, 'A', '')]));
    expect(d.sections.map((s) => [s.id, s.status])).toEqual([
      [9, 'removed'],
      [1, 'unchanged'],
    ]);
  });

  it('compares references to other guidelines by their target', () => {
    expect(sectionText({ content: '', extern: { guideline: 5, language: 'de', detail: 7 } })).toBe('→ 5/de#7');
  });
});
